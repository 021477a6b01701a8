import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { SUPABASE_URL } from '@tests/setup/supabase-mocks';
import {
  displayFileName,
  fileExtension,
  formatFileSize,
  renamedPath,
  signedUrl,
  signedUrls,
  uniqueFileName,
  uploadFile,
} from './storage';

const storageUrl = (path: string) => `${SUPABASE_URL}/storage/v1${path}`;

afterEach(() => vi.restoreAllMocks());

describe('uniqueFileName', () => {
  it('is the file’s own name, the time, a random suffix and the original extension', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const name = uniqueFileName({ name: 'Shop Front.JPG' });
    expect(name).toMatch(/^Shop Front--1700000000000-[a-z0-9]{8}\.jpg$/);
    // People see the name they uploaded, not the generated one.
    expect(displayFileName(`c1/${name}`)).toBe('Shop Front.jpg');
    expect(displayFileName('1795389809570-g7hwtulb.png')).toBe('1795389809570-g7hwtulb.png');
    expect(uniqueFileName({ name: 'Café/menu?.png' })).toMatch(/^Cafe-menu--\d{13}-[a-z0-9]{8}\.png$/);
  });
  it('renames keep the generated part, so the name stays unique', () => {
    expect(renamedPath('Shop Front--1700000000000-abcdefgh.jpg', 'Window display')).toBe(
      'Window display--1700000000000-abcdefgh.jpg',
    );
    expect(renamedPath('c1/1795389809570-g7hwtulb.png', 'Door.png')).toBe('c1/Door--1795389809570-g7hwtulb.png');
    expect(formatFileSize(2_411_724)).toBe('2.3 MB');
    expect(formatFileSize(850_000)).toBe('830 KB');
  });
  it('differs between two files chosen in the same millisecond', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    expect(uniqueFileName({ name: 'a.pdf' })).not.toBe(uniqueFileName({ name: 'a.pdf' }));
  });
  it('keeps no dot when the file has no extension', () => {
    expect(uniqueFileName({ name: 'README' })).toMatch(/^README--\d+-[a-z0-9]{8}$/);
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('.hidden')).toBe('');
  });
});

describe('uploadFile', () => {
  it('uploads with overwrite allowed and returns the stored path', async () => {
    let upsert: string | null = null;
    server.use(
      http.post(storageUrl('/object/customer-files/c1/x.pdf'), ({ request }) => {
        upsert = request.headers.get('x-upsert');
        return HttpResponse.json({ Id: 'id', Key: 'customer-files/c1/x.pdf' });
      }),
    );
    const file = new File(['%PDF-1.4'], 'x.pdf', { type: 'application/pdf' });
    await expect(uploadFile('customer-files', 'c1/x.pdf', file)).resolves.toBe('c1/x.pdf');
    expect(upsert).toBe('true');
  });
  it('throws the storage error message', async () => {
    server.use(
      http.post(storageUrl('/object/customer-files/c1/x.pdf'), () =>
        HttpResponse.json(
          { statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' },
          { status: 400 },
        ),
      ),
    );
    const file = new File(['x'], 'x.pdf', { type: 'application/pdf' });
    await expect(uploadFile('customer-files', 'c1/x.pdf', file)).rejects.toThrow(
      'new row violates row-level security policy',
    );
  });
});

describe('signedUrl', () => {
  it('asks for a link valid for the given seconds', async () => {
    let body: unknown;
    server.use(
      http.post(storageUrl('/object/sign/customer-files/c1/x.pdf'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ signedURL: '/object/sign/customer-files/c1/x.pdf?token=t' });
      }),
    );
    await expect(signedUrl('customer-files', 'c1/x.pdf', 60)).resolves.toBe(
      storageUrl('/object/sign/customer-files/c1/x.pdf?token=t'),
    );
    expect(body).toEqual({ expiresIn: 60 });
  });
  it('is null when the link cannot be made', async () => {
    server.use(
      http.post(storageUrl('/object/sign/customer-files/c1/gone.pdf'), () =>
        HttpResponse.json({ statusCode: '404', error: 'not_found', message: 'Object not found' }, { status: 400 }),
      ),
    );
    await expect(signedUrl('customer-files', 'c1/gone.pdf', 60)).resolves.toBeNull();
  });
});

describe('signedUrls', () => {
  it('signs every path in one request and leaves out those that failed', async () => {
    const calls: unknown[] = [];
    server.use(
      http.post(storageUrl('/object/sign/ad-images'), async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json([
          { path: 'a.png', signedURL: '/object/sign/ad-images/a.png?token=a', error: null },
          { path: 'b.png', signedURL: null, error: 'Either the object does not exist or you do not have access to it' },
        ]);
      }),
    );
    const links = await signedUrls('ad-images', ['a.png', 'b.png', 'a.png'], 3600);
    expect(calls).toEqual([{ expiresIn: 3600, paths: ['a.png', 'b.png'] }]);
    expect(links.get('a.png')).toBe(storageUrl('/object/sign/ad-images/a.png?token=a'));
    expect(links.has('b.png')).toBe(false);
  });
  it('makes no request for no paths and gives an empty map when the request fails', async () => {
    await expect(signedUrls('ad-images', [], 60)).resolves.toEqual(new Map());
    server.use(
      http.post(storageUrl('/object/sign/ad-images'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
    );
    await expect(signedUrls('ad-images', ['a.png'], 60)).resolves.toEqual(new Map());
  });
});
