import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl, SUPABASE_URL } from '@tests/setup/supabase-mocks';
import { MediaLibraryModal } from './media-library-modal';

const storageUrl = (path: string) => `${SUPABASE_URL}/storage/v1${path}`;

const file = (name: string, createdAt: string, size: number | null = 1000) => ({
  name,
  id: `id-${name}`,
  created_at: createdAt,
  updated_at: createdAt,
  last_accessed_at: createdAt,
  metadata: size === null ? {} : { size, mimetype: 'image/png' },
});

const FILES = [
  file('Front door--1764000000000-aaaaaaaa.png', '2026-11-22T10:00:00Z', 2_411_724),
  file('1763000000000-bbbbbbbb.jpg', '2026-11-21T10:00:00Z', 850_000),
  file('notes.pdf', '2026-11-20T10:00:00Z'),
  file('clip.webp', '2026-11-19T10:00:00Z', null),
];

function renderModal(onSelect = vi.fn()) {
  const result = renderRoutes([
    { path: '/', element: <MediaLibraryModal open onOpenChange={() => undefined} onSelect={onSelect} /> },
  ]);
  return { ...result, onSelect };
}

afterEach(() => vi.useRealTimers());

describe('media library', () => {
  it('lists images newest first with signed thumbnails from one batched request', async () => {
    let listBody: unknown;
    const signed: string[][] = [];
    server.use(
      http.post(storageUrl('/object/list/ad-images'), async ({ request }) => {
        listBody = await request.json();
        return HttpResponse.json(FILES);
      }),
      http.post(storageUrl('/object/sign/ad-images'), async ({ request }) => {
        const { paths } = (await request.json()) as { paths: string[] };
        signed.push(paths);
        return HttpResponse.json(
          paths.map((path) => ({ path, signedURL: `/object/sign/ad-images/${path}?token=t`, error: null })),
        );
      }),
    );
    const { user, onSelect } = renderModal();
    const dialog = within(await screen.findByRole('dialog', { name: 'Media Library' }));
    const list = within(await dialog.findByRole('list', { name: 'Media files' }));
    // Files show the name they were uploaded with (older ones, their stored name).
    expect(list.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Front door',
      '1763000000000-bbbbbbbb',
      'clip',
    ]);
    expect(listBody).toMatchObject({
      prefix: '',
      limit: 100,
      offset: 0,
      sortBy: { column: 'created_at', order: 'desc' },
    });
    expect(signed).toEqual([['Front door--1764000000000-aaaaaaaa.png', '1763000000000-bbbbbbbb.jpg', 'clip.webp']]);

    await user.click(dialog.getByRole('button', { name: 'List view' }));
    // Real sizes; the spec's fixed label only where Storage gives none.
    expect(dialog.getByText('2.3 MB')).toBeInTheDocument();
    expect(dialog.getByText('830 KB')).toBeInTheDocument();
    expect(dialog.getAllByText('~2.0 MB')).toHaveLength(1);
    expect(dialog.getAllByText('Uploaded Media')).toHaveLength(3);

    await user.type(dialog.getByPlaceholderText('Search files...'), 'zzz');
    expect(dialog.getByRole('heading', { name: 'No files found' })).toBeInTheDocument();
    await user.clear(dialog.getByPlaceholderText('Search files...'));

    expect(dialog.getByRole('button', { name: 'Select File' })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'clip' }));
    await user.click(dialog.getByRole('button', { name: 'Select File' }));
    expect(onSelect).toHaveBeenCalledWith('clip.webp');
  });

  it('shows No media files when the bucket has no images or the list fails', async () => {
    server.use(
      http.post(storageUrl('/object/list/ad-images'), () =>
        HttpResponse.json({ statusCode: '500', error: 'internal', message: 'down' }, { status: 500 }),
      ),
    );
    renderModal();
    expect(await screen.findByRole('heading', { name: 'No media files' })).toBeInTheDocument();
  });

  it('ends the loading state after 10 seconds even without an answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.post(storageUrl('/object/list/ad-images'), () => new Promise<never>(() => undefined)));
    renderModal();
    expect(screen.getByRole('status')).toHaveTextContent('Loading media...');
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(screen.getByRole('status')).toHaveTextContent('Loading media...');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'No media files' })).toBeInTheDocument();
  });

  it('renames a file (its slides follow) and deletes one no slide shows, but not one a slide shows', async () => {
    let files = [FILES[0]!, FILES[1]!];
    const moves: unknown[] = [];
    const renames: unknown[] = [];
    const removed: unknown[] = [];
    server.use(
      http.post(storageUrl('/object/list/ad-images'), () => HttpResponse.json(files)),
      http.post(storageUrl('/object/sign/ad-images'), async ({ request }) => {
        const { paths } = (await request.json()) as { paths: string[] };
        return HttpResponse.json(
          paths.map((path) => ({ path, signedURL: `/object/sign/ad-images/${path}?t`, error: null })),
        );
      }),
      http.post(storageUrl('/object/move'), async ({ request }) => {
        const body = (await request.json()) as { sourceKey: string; destinationKey: string };
        moves.push(body);
        files = files.map((f) => (f.name === body.sourceKey ? { ...f, name: body.destinationKey } : f));
        return HttpResponse.json({ message: 'Successfully moved' });
      }),
      http.post(restUrl('/rpc/rename_slide_image'), async ({ request }) => {
        renames.push(await request.json());
        return HttpResponse.json(2);
      }),
      http.get(restUrl('/campaign_items'), ({ request }) => {
        const used = new URL(request.url).searchParams.get('image_url')?.includes('Window');
        return HttpResponse.json(used ? [{ id: 's1', campaigns: { name: 'Cafe Daily Specials' } }] : []);
      }),
      http.delete(storageUrl('/object/ad-images'), async ({ request }) => {
        const { prefixes } = (await request.json()) as { prefixes: string[] };
        removed.push(...prefixes);
        files = files.filter((f) => !prefixes.includes(f.name));
        return HttpResponse.json([]);
      }),
    );
    const { user } = renderModal();
    const dialog = within(await screen.findByRole('dialog', { name: 'Media Library' }));
    await user.click(await dialog.findByRole('button', { name: 'Front door' }));
    await user.click(dialog.getByRole('button', { name: 'Rename' }));
    await user.clear(dialog.getByLabelText('New name'));
    await user.type(dialog.getByLabelText('New name'), 'Window display');
    await user.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(await dialog.findByRole('button', { name: 'Window display' })).toBeInTheDocument();
    const to = 'Window display--1764000000000-aaaaaaaa.png';
    expect(moves).toEqual([
      { bucketId: 'ad-images', sourceKey: 'Front door--1764000000000-aaaaaaaa.png', destinationKey: to },
    ]);
    expect(renames).toEqual([{ p_from: 'Front door--1764000000000-aaaaaaaa.png', p_to: to }]);

    // Shown by a slide: not deleted.
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText(/A slide of Cafe Daily Specials shows this file/)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Delete file' })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: '1763000000000-bbbbbbbb' }));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await user.click(await dialog.findByRole('button', { name: 'Delete file' }));
    await waitFor(() =>
      expect(dialog.queryByRole('button', { name: '1763000000000-bbbbbbbb' })).not.toBeInTheDocument(),
    );
    expect(removed).toEqual(['1763000000000-bbbbbbbb.jpg']);
  });
});
