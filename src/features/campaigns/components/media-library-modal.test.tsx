import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { SUPABASE_URL } from '@tests/setup/supabase-mocks';
import { MediaLibraryModal } from './media-library-modal';

const storageUrl = (path: string) => `${SUPABASE_URL}/storage/v1${path}`;

const file = (name: string, createdAt: string) => ({
  name,
  id: `id-${name}`,
  created_at: createdAt,
  updated_at: createdAt,
  last_accessed_at: createdAt,
  metadata: { size: 1000, mimetype: 'image/png' },
});

const FILES = [
  file('1764000000000-aaaa.png', '2026-11-22T10:00:00Z'),
  file('1763000000000-bbbb.jpg', '2026-11-21T10:00:00Z'),
  file('notes.pdf', '2026-11-20T10:00:00Z'),
  file('clip.webp', '2026-11-19T10:00:00Z'),
];

function renderModal(onSelect = vi.fn()) {
  const result = renderRoutes([
    { path: '/', element: <MediaLibraryModal open onOpenChange={() => undefined} onSelect={onSelect} /> },
  ]);
  return { ...result, onSelect };
}

afterEach(() => vi.useRealTimers());

describe('media library', () => {
  it("lists images and videos newest first, with pictures signed in one batched request and each video's length", async () => {
    let listBody: unknown;
    const signed: string[][] = [];
    const infos: string[] = [];
    server.use(
      http.post(storageUrl('/object/list/ad-images'), async ({ request }) => {
        listBody = await request.json();
        // The posters/ folder is listed as a folder (no id) and is no file of the library.
        return HttpResponse.json([...FILES, { ...file('posters', ''), id: null, metadata: null }]);
      }),
      http.post(storageUrl('/object/list/ad-videos'), () =>
        HttpResponse.json([
          {
            ...file('1763500000000-cccc.webm', '2026-11-21T12:00:00Z'),
            metadata: { size: 9000, mimetype: 'video/webm' },
          },
        ]),
      ),
      http.post(storageUrl('/object/sign/ad-images'), async ({ request }) => {
        const { paths } = (await request.json()) as { paths: string[] };
        signed.push(paths);
        return HttpResponse.json(
          paths.map((path) => ({ path, signedURL: `/object/sign/ad-images/${path}?token=t`, error: null })),
        );
      }),
      http.get(storageUrl('/object/info/ad-videos/:name'), ({ params }) => {
        infos.push(params.name as string);
        return HttpResponse.json({
          id: 'id-video',
          name: params.name,
          bucket_id: 'ad-videos',
          version: 'v1',
          size: 9000,
          content_type: 'video/webm',
          created_at: '2026-11-21T12:00:00Z',
          metadata: { duration: 12.4, width: 640, height: 360 },
        });
      }),
    );
    const { user, onSelect } = renderModal();
    const dialog = within(await screen.findByRole('dialog', { name: 'Media Library' }));
    const list = within(await dialog.findByRole('list', { name: 'Media files' }));
    expect(list.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      '1764000000000-aaaa',
      '1763500000000-cccc',
      '1763000000000-bbbb',
      'clip',
    ]);
    expect(listBody).toMatchObject({
      prefix: '',
      limit: 100,
      offset: 0,
      sortBy: { column: 'created_at', order: 'desc' },
    });
    // A video's picture is its poster frame, kept beside the images.
    expect(signed).toEqual([
      ['1764000000000-aaaa.png', 'posters/1763500000000-cccc.webm.jpg', '1763000000000-bbbb.jpg', 'clip.webp'],
    ]);
    const videoTile = list.getByRole('button', { name: '1763500000000-cccc' });
    expect(videoTile.querySelector('img')).toHaveAttribute(
      'src',
      expect.stringContaining('/object/sign/ad-images/posters/1763500000000-cccc.webm.jpg?token=t'),
    );
    expect(await within(videoTile).findByTestId('video-length')).toHaveTextContent('0:12');
    expect(infos).toEqual(['1763500000000-cccc.webm']);

    await user.click(dialog.getByRole('button', { name: 'List view' }));
    expect(dialog.getAllByText('~2.0 MB')).toHaveLength(4);
    expect(dialog.getAllByText('Uploaded Media')).toHaveLength(4);

    await user.type(dialog.getByPlaceholderText('Search files...'), 'zzz');
    expect(dialog.getByRole('heading', { name: 'No files found' })).toBeInTheDocument();
    await user.clear(dialog.getByPlaceholderText('Search files...'));

    expect(dialog.getByRole('button', { name: 'Select File' })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'clip' }));
    await user.click(dialog.getByRole('button', { name: 'Select File' }));
    expect(onSelect).toHaveBeenLastCalledWith({ path: 'clip.webp', kind: 'image' });
    await user.click(dialog.getByRole('button', { name: '1763500000000-cccc' }));
    await user.click(dialog.getByRole('button', { name: 'Select File' }));
    expect(onSelect).toHaveBeenLastCalledWith({ path: '1763500000000-cccc.webm', kind: 'video' });
  });

  it('shows No media files when the buckets hold no files or their lists fail', async () => {
    server.use(
      http.post(storageUrl('/object/list/ad-images'), () =>
        HttpResponse.json({ statusCode: '500', error: 'internal', message: 'down' }, { status: 500 }),
      ),
      http.post(storageUrl('/object/list/ad-videos'), () => HttpResponse.json([])),
    );
    renderModal();
    expect(await screen.findByRole('heading', { name: 'No media files' })).toBeInTheDocument();
  });

  it('ends the loading state after 10 seconds even without an answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.post(storageUrl('/object/list/ad-images'), () => new Promise<never>(() => undefined)),
      http.post(storageUrl('/object/list/ad-videos'), () => new Promise<never>(() => undefined)),
    );
    renderModal();
    expect(screen.getByRole('status')).toHaveTextContent('Loading media...');
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(screen.getByRole('status')).toHaveTextContent('Loading media...');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { name: 'No media files' })).toBeInTheDocument();
  });
});
