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
    expect(list.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      '1764000000000-aaaa',
      '1763000000000-bbbb',
      'clip',
    ]);
    expect(listBody).toMatchObject({
      prefix: '',
      limit: 100,
      offset: 0,
      sortBy: { column: 'created_at', order: 'desc' },
    });
    expect(signed).toEqual([['1764000000000-aaaa.png', '1763000000000-bbbb.jpg', 'clip.webp']]);

    await user.click(dialog.getByRole('button', { name: 'List view' }));
    expect(dialog.getAllByText('~2.0 MB')).toHaveLength(3);
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
});
