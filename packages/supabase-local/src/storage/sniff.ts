// Magic numbers of the image types the product's buckets take, used to refuse
// an upload whose bytes clearly are not the image it declares. This check is
// STRICTER THAN HOSTED SUPABASE STORAGE, which stores whatever bytes arrive
// under the declared Content-Type; see assertContentMatches in upload.ts.

type Signature = (b: Buffer) => boolean;

const ascii = (b: Buffer, at: number, text: string) => b.subarray(at, at + text.length).toString('latin1') === text;
const bytes = (b: Buffer, at: number, list: number[]) => list.every((v, i) => b[at + i] === v);

const isPng: Signature = (b) => bytes(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isJpeg: Signature = (b) => bytes(b, 0, [0xff, 0xd8, 0xff]);
const isGif: Signature = (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a');
const isWebp: Signature = (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP');
const isIsoMedia: Signature = (b) => ascii(b, 4, 'ftyp');
const isBmp: Signature = (b) => ascii(b, 0, 'BM');
const isIco: Signature = (b) => bytes(b, 0, [0, 0, 1, 0]) || bytes(b, 0, [0, 0, 2, 0]);
const isTiff: Signature = (b) => bytes(b, 0, [0x49, 0x49, 0x2a, 0]) || bytes(b, 0, [0x4d, 0x4d, 0, 0x2a]);
const isSvg: Signature = (b) => /<svg[\s>]/i.test(b.toString('utf8'));

/** Binary image types whose files always start with a known signature. */
const IMAGE_SIGNATURES: Record<string, Signature> = {
  'image/png': isPng,
  'image/apng': isPng,
  'image/jpeg': isJpeg,
  'image/jpg': isJpeg,
  'image/pjpeg': isJpeg,
  'image/gif': isGif,
  'image/webp': isWebp,
  'image/avif': isIsoMedia,
  'image/heic': isIsoMedia,
  'image/heif': isIsoMedia,
  'image/bmp': isBmp,
  'image/x-icon': isIco,
  'image/vnd.microsoft.icon': isIco,
  'image/tiff': isTiff,
};

/** Other formats a disguised upload commonly is. */
const OTHER_SIGNATURES: Signature[] = [
  isPng,
  isJpeg,
  isGif,
  isWebp,
  isIsoMedia,
  isTiff,
  (b) => ascii(b, 0, '%PDF-'),
  (b) => bytes(b, 0, [0x50, 0x4b, 0x03, 0x04]), // zip, docx, xlsx
  (b) => ascii(b, 0, 'MZ'), // Windows executable
  (b) => bytes(b, 0, [0x7f, 0x45, 0x4c, 0x46]), // ELF
];

/** Printable text (UTF-8 without control characters other than whitespace): HTML, SVG, scripts, CSV… */
function looksLikeText(b: Buffer): boolean {
  if (b.length === 0) return false;
  if (/[\u0000-\u0008\u000e-\u001f\u007f]/.test(b.toString('latin1'))) return false;
  // A cut multi-byte character at the end of the sample is not a reason to call it binary.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(b);
  const replaced = (text.match(/\uFFFD/g) ?? []).length;
  return replaced <= 1;
}

/**
 * True when `head` (the first bytes of an upload) clearly is not an image of
 * the declared type: for a binary image type, bytes without its signature that
 * are text or another known format; for SVG, bytes without an <svg element.
 * Empty files (folder placeholders) and unknown image types pass.
 */
export function sniffRefuses(declared: string, head: Buffer): boolean {
  if (head.length === 0) return false;
  if (declared === 'image/svg+xml') return !isSvg(head);
  const signature = IMAGE_SIGNATURES[declared];
  if (!signature || signature(head)) return false;
  return looksLikeText(head) || OTHER_SIGNATURES.some((other) => other(head));
}
