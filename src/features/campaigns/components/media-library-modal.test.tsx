import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl, SUPABASE_URL } from '@tests/setup/supabase-mocks';
import { i18n } from '@/i18n';
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

/** A video of ad-videos as Storage lists it. */
const VIDEO = {
  ...file('Intro--1763500000000-cccccccc.webm', '2026-11-21T12:00:00Z'),
  metadata: { size: 9_000_000, mimetype: 'video/webm' },
};

/** Storage's info of a video, with the length and size the slide editor stored at upload. */
const videoInfo = (name: string) => ({
  id: `id-${name}`,
  name,
  bucket_id: 'ad-videos',
  version: 'v1',
  size: 9_000_000,
  content_type: 'video/webm',
  created_at: '2026-11-21T12:00:00Z',
  metadata: { duration: 12.4, width: 640, height: 360 },
});

function renderModal(onSelect = vi.fn()) {
  const result = renderRoutes([
    { path: '/', element: <MediaLibraryModal open onOpenChange={() => undefined} onSelect={onSelect} /> },
  ]);
  return { ...result, onSelect };
}

afterEach(() => vi.useRealTimers());

describe('media library', () => {
  it('lists images and videos newest first, with pictures signed in one batched request and each video’s length', async () => {
    let listBody: unknown;
    let videoListBody: unknown;
    const signed: string[][] = [];
    server.use(
      http.post(storageUrl('/object/list/ad-images'), async ({ request }) => {
        listBody = await request.json();
        // The posters/ folder is listed as a folder (no id): no file of the library.
        return HttpResponse.json([...FILES, { ...file('posters', ''), id: null, metadata: null }]);
      }),
      http.post(storageUrl('/object/list/ad-videos'), async ({ request }) => {
        videoListBody = await request.json();
        return HttpResponse.json([VIDEO]);
      }),
      http.get(storageUrl('/object/info/ad-videos/:name'), ({ params }) =>
        HttpResponse.json(videoInfo(String(params.name))),
      ),
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
    expect(list.getAllByRole('button').map((b) => b.querySelector('[title]')?.textContent)).toEqual([
      'Front door',
      'Intro',
      '1763000000000-bbbbbbbb',
      'clip',
    ]);
    for (const body of [listBody, videoListBody]) {
      expect(body).toMatchObject({
        prefix: '',
        limit: 100,
        offset: 0,
        sortBy: { column: 'created_at', order: 'desc' },
      });
    }
    // A video's picture is its poster frame, kept beside the images.
    expect(signed).toEqual([
      [
        'Front door--1764000000000-aaaaaaaa.png',
        'posters/Intro--1763500000000-cccccccc.webm.jpg',
        '1763000000000-bbbbbbbb.jpg',
        'clip.webp',
      ],
    ]);
    const videoTile = list.getByRole('button', { name: /^Intro\b/ });
    expect(videoTile.querySelector('img')).toHaveAttribute(
      'src',
      expect.stringContaining('/object/sign/ad-images/posters/Intro--1763500000000-cccccccc.webm.jpg?token=t'),
    );
    expect(await within(videoTile).findByTestId('video-length')).toHaveTextContent('0:12');
    // Named by all it shows, the file's name first (its visible text is in its name).
    expect(videoTile).toHaveAccessibleName('Intro 0:12, video');

    await user.click(dialog.getByRole('button', { name: 'List view' }));
    // Real sizes; the spec's fixed label only where Storage gives none.
    expect(dialog.getByText('2.3 MB')).toBeInTheDocument();
    expect(dialog.getByText('830 KB')).toBeInTheDocument();
    expect(dialog.getByText('8.6 MB')).toBeInTheDocument();
    expect(dialog.getAllByText('~2.0 MB')).toHaveLength(1);
    expect(dialog.getAllByText('Uploaded Media')).toHaveLength(4);
    expect(dialog.getByRole('button', { name: /^clip\b/ })).toHaveAccessibleName(
      /^clip Uploaded Media (~)?[\d.]+ (KB|MB)$/,
    );

    await user.type(dialog.getByPlaceholderText('Search files...'), 'zzz');
    expect(dialog.getByRole('heading', { name: 'No files found' })).toBeInTheDocument();
    await user.clear(dialog.getByPlaceholderText('Search files...'));

    expect(dialog.getByRole('button', { name: 'Select File' })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: /^clip\b/ }));
    await user.click(dialog.getByRole('button', { name: 'Select File' }));
    expect(onSelect).toHaveBeenLastCalledWith({ path: 'clip.webp', kind: 'image' });
    await user.click(dialog.getByRole('button', { name: /^Intro\b/ }));
    await user.click(dialog.getByRole('button', { name: 'Select File' }));
    expect(onSelect).toHaveBeenLastCalledWith({ path: 'Intro--1763500000000-cccccccc.webm', kind: 'video' });
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

  it('renames a file (its slides follow) and deletes one no slide shows, but not one a slide shows', async () => {
    let files = [FILES[0]!, FILES[1]!];
    const moves: unknown[] = [];
    const renames: unknown[] = [];
    const removed: unknown[] = [];
    server.use(
      http.post(storageUrl('/object/list/ad-images'), () => HttpResponse.json(files)),
      http.post(storageUrl('/object/list/ad-videos'), () => HttpResponse.json([])),
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

  it('renames a video with its poster frame, and deletes one with it', async () => {
    let videos = [VIDEO];
    const moves: unknown[] = [];
    const removed: Record<string, string[]> = {};
    server.use(
      http.post(storageUrl('/object/list/ad-images'), () => HttpResponse.json([])),
      http.post(storageUrl('/object/list/ad-videos'), () => HttpResponse.json(videos)),
      http.post(storageUrl('/object/sign/ad-images'), async ({ request }) => {
        const { paths } = (await request.json()) as { paths: string[] };
        return HttpResponse.json(
          paths.map((path) => ({ path, signedURL: `/object/sign/ad-images/${path}?t`, error: null })),
        );
      }),
      http.get(storageUrl('/object/info/ad-videos/:name'), ({ params }) =>
        HttpResponse.json(videoInfo(String(params.name))),
      ),
      http.post(storageUrl('/object/move'), async ({ request }) => {
        const body = (await request.json()) as { bucketId: string; sourceKey: string; destinationKey: string };
        moves.push(body);
        if (body.bucketId === 'ad-videos')
          videos = videos.map((f) => (f.name === body.sourceKey ? { ...f, name: body.destinationKey } : f));
        return HttpResponse.json({ message: 'Successfully moved' });
      }),
      http.post(restUrl('/rpc/rename_slide_image'), () => HttpResponse.json(1)),
      http.get(restUrl('/campaign_items'), () => HttpResponse.json([])),
      http.delete(storageUrl('/object/:bucket'), async ({ request, params }) => {
        const { prefixes } = (await request.json()) as { prefixes: string[] };
        (removed[String(params.bucket)] ??= []).push(...prefixes);
        if (params.bucket === 'ad-videos') videos = videos.filter((f) => !prefixes.includes(f.name));
        return HttpResponse.json([]);
      }),
    );
    const { user } = renderModal();
    const dialog = within(await screen.findByRole('dialog', { name: 'Media Library' }));
    await user.click(await dialog.findByRole('button', { name: /^Intro\b/ }));
    await user.click(dialog.getByRole('button', { name: 'Rename' }));
    await user.clear(dialog.getByLabelText('New name'));
    await user.type(dialog.getByLabelText('New name'), 'Opening');
    await user.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(await dialog.findByRole('button', { name: /^Opening\b/ })).toBeInTheDocument();
    const to = 'Opening--1763500000000-cccccccc.webm';
    expect(moves).toEqual([
      { bucketId: 'ad-videos', sourceKey: 'Intro--1763500000000-cccccccc.webm', destinationKey: to },
      {
        bucketId: 'ad-images',
        sourceKey: 'posters/Intro--1763500000000-cccccccc.webm.jpg',
        destinationKey: `posters/${to}.jpg`,
      },
    ]);

    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await user.click(await dialog.findByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(dialog.queryByRole('button', { name: /^Opening\b/ })).not.toBeInTheDocument());
    expect(removed).toEqual({ 'ad-videos': [to], 'ad-images': [`posters/${to}.jpg`] });
  });
});

describe('media library in Spanish', () => {
  it('names its files as uploaded and gives their sizes in Spanish numbers', async () => {
    await i18n.changeLanguage('es');
    server.use(
      http.post(storageUrl('/object/list/ad-images'), () => HttpResponse.json(FILES)),
      http.post(storageUrl('/object/list/ad-videos'), () => HttpResponse.json([])),
      http.post(storageUrl('/object/sign/ad-images'), async ({ request }) => {
        const { paths } = (await request.json()) as { paths: string[] };
        return HttpResponse.json(
          paths.map((path) => ({ path, signedURL: `/object/sign/ad-images/${path}?token=t`, error: null })),
        );
      }),
    );
    const { user } = renderModal();
    const dialog = within(await screen.findByRole('dialog', { name: 'Biblioteca multimedia' }));
    await dialog.findByRole('list', { name: 'Archivos multimedia' });
    await user.click(dialog.getByRole('button', { name: 'Vista de lista' }));
    expect(dialog.getByRole('button', { name: 'Front door Archivos subidos 2,3 MB' })).toBeInTheDocument();
    expect(dialog.getByText('830 KB')).toBeInTheDocument();
    await user.type(dialog.getByRole('searchbox', { name: 'Buscar archivos' }), 'zzz');
    expect(dialog.getByRole('heading', { name: 'No se encontraron archivos' })).toBeInTheDocument();
  });
});
