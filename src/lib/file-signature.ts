// Whether a chosen file's first bytes are the type it claims. Browsers take the type from the
// file's name, so a text file renamed photo.png arrives as image/png; hosted Storage stores
// whatever it is sent under that type. The forms check the bytes before uploading.

import { translate } from '@/i18n';

const SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  'image/png': (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => starts(b, [0xff, 0xd8, 0xff]),
  'image/gif': (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'),
  'image/webp': (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP'),
  'application/pdf': (b) => ascii(b, 0, '%PDF'),
};

const starts = (b: Uint8Array, bytes: number[]) => bytes.every((v, i) => b[i] === v);
const ascii = (b: Uint8Array, at: number, text: string) => [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

/** Reads a file's first bytes (FileReader where Blob.arrayBuffer is missing). */
function head(file: Blob, length: number): Promise<Uint8Array> {
  const part = file.slice(0, length);
  if (typeof part.arrayBuffer === 'function') return part.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error(translate('errors:fileUnreadable')));
    reader.readAsArrayBuffer(part);
  });
}

/** True when the file's bytes begin as its declared type's do (types without a known signature pass). */
export async function contentMatchesType(file: File): Promise<boolean> {
  const matches = SIGNATURES[file.type];
  if (!matches) return true;
  return matches(await head(file, 16));
}
