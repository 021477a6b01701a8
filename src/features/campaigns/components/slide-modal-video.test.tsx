// The slide editor with videos: an upload's length becomes the slide's duration (what then
// happens to a longer or shorter video is said under the field), its metadata and poster
// frame are stored with it, and the buckets' limits are shown and kept at the field. The
// browser's reading of a video (metadata, a frame on a canvas) is jsdom's blind spot: it is
// stood in for here, and done for real in Chromium by the end-to-end tests.
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { renderRoutes } from '@tests/setup/render';
import { restUrl, SUPABASE_URL } from '@tests/setup/supabase-mocks';
import { storedSlide } from '@/entities/slide/slide-fixtures';
import type { Slide } from '@/entities/slide/slide';
import { readVideoFile } from '../lib/video-file';
import { SlideModal } from './slide-modal';

vi.mock('../lib/video-file', () => ({ readVideoFile: vi.fn(), readVideoUrl: vi.fn() }));

const storageUrl = (path: string) => `${SUPABASE_URL}/storage/v1${path}`;
const MB = 1024 * 1024;

interface Upload {
  bucket: string;
  name: string;
  contentType: string | null;
  metadata: unknown;
}
let uploads: Upload[];

beforeEach(() => {
  uploads = [];
  vi.mocked(readVideoFile).mockReset();
  vi.mocked(readVideoFile).mockResolvedValue({
    duration: 12.4,
    width: 640,
    height: 360,
    poster: new Blob(['jpeg bytes'], { type: 'image/jpeg' }),
  });
  server.use(
    http.get(restUrl('/ads'), () => HttpResponse.json([])),
    // Uploads (multipart, as supabase-js sends a File): the bucket, the name, the type and the user metadata.
    http.post(storageUrl('/object/:bucket/*'), async ({ request, params }) => {
      if (params.bucket === 'sign') return undefined;
      const form = await request.formData();
      const file = form.get('') as File | null;
      const name = new URL(request.url).pathname.split(`/object/${String(params.bucket)}/`)[1]!;
      const metadata = form.get('metadata');
      uploads.push({
        bucket: String(params.bucket),
        name: decodeURIComponent(name),
        contentType: file?.type ?? null,
        metadata: typeof metadata === 'string' ? JSON.parse(metadata) : null,
      });
      return HttpResponse.json({ Id: 'object-id', Key: `${String(params.bucket)}/${name}` });
    }),
    http.post(storageUrl('/object/sign/:bucket'), async ({ request, params }) => {
      const { paths } = (await request.json()) as { paths: string[] };
      return HttpResponse.json(
        paths.map((path) => ({
          path,
          signedURL: `/object/sign/${String(params.bucket)}/${path}?token=t`,
          error: null,
        })),
      );
    }),
  );
});

function renderEditor(slide: Slide = storedSlide(1, { id: 'temp-1', title: 'Promo' })) {
  const onSave = vi.fn();
  const view = renderRoutes([
    { path: '/', element: <SlideModal slide={slide} onCancel={() => undefined} onSave={onSave} /> },
  ]);
  const dialog = within(screen.getByRole('dialog'));
  return { ...view, onSave, dialog };
}

const videoFile = (name = 'clip.webm', type = 'video/webm', size?: number) => {
  const file = new File(['webm bytes'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('the slide editor with a video', () => {
  it('shows the limits of both kinds of file', () => {
    const { dialog } = renderEditor();
    expect(dialog.getByLabelText('Slide image or video')).toHaveAccessibleDescription(
      'An image (JPG, PNG, GIF or WebP) up to 5.0 MB, or a video (MP4 or WebM) up to 100 MB.',
    );
  });

  it('uploads a video with its length and poster frame, and makes its length the slide’s duration', async () => {
    const { dialog, user, onSave } = renderEditor();
    await user.upload(dialog.getByLabelText('Slide image or video'), videoFile());
    expect(await dialog.findByText('Video uploaded successfully!')).toBeInTheDocument();

    const [video, poster] = uploads;
    // Stored under its own name, made unique.
    expect(video?.name).toMatch(/^clip--\d{13}-[a-z0-9]{8}\.webm$/);
    expect(video).toMatchObject({
      bucket: 'ad-videos',
      contentType: 'video/webm',
      metadata: { duration: 12.4, width: 640, height: 360 },
    });
    expect(poster).toMatchObject({
      bucket: 'ad-images',
      name: `posters/${video!.name}.jpg`,
      contentType: 'image/jpeg',
    });

    // 12.4 s of video: a 13-second slide, which plays it once.
    const duration = dialog.getByLabelText('Duration (seconds)');
    expect(duration).toHaveValue(13);
    expect(duration).toHaveAccessibleDescription('5 to 300. The video is 0:12 long: it plays once.');
    expect(await dialog.findByRole('img', { name: 'Slide video preview' })).toHaveAttribute(
      'src',
      expect.stringContaining(`/object/sign/ad-images/posters/${video!.name}.jpg?token=t`),
    );

    // Shorter: cut at the slide's end; longer: played again from the start.
    await user.clear(duration);
    await user.type(duration, '8');
    expect(duration).toHaveAccessibleDescription('5 to 300. The video is 0:12 long: the slide ends it after 8 s.');
    await user.clear(duration);
    await user.type(duration, '30');
    expect(duration).toHaveAccessibleDescription(
      '5 to 300. The video is 0:12 long: it plays again from the start to fill the slide.',
    );

    await user.click(dialog.getByRole('button', { name: 'Save Slide' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ image_url: video!.name, media_kind: 'video', duration: 30 }),
    );
  });

  it('makes a longer video a 300-second slide, cut there', async () => {
    vi.mocked(readVideoFile).mockResolvedValue({ duration: 420, width: 1920, height: 1080, poster: null });
    const { dialog, user } = renderEditor();
    await user.upload(dialog.getByLabelText('Slide image or video'), videoFile());
    expect(await dialog.findByText('Video uploaded successfully!')).toBeInTheDocument();
    // No poster frame could be drawn: the video is stored without one.
    expect(uploads.map((u) => u.bucket)).toEqual(['ad-videos']);
    expect(dialog.getByLabelText('Duration (seconds)')).toHaveValue(300);
    expect(dialog.getByLabelText('Duration (seconds)')).toHaveAccessibleDescription(
      '5 to 300. The video is 7:00 long: the slide ends it after 300 s.',
    );
  });

  it('refuses a video over 100 MB at the field, before sending it', async () => {
    const { dialog } = renderEditor();
    const input = dialog.getByLabelText('Slide image or video');
    fireEvent.change(input, { target: { files: [videoFile('big.mp4', 'video/mp4', 101 * MB)] } });
    await vi.waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining('This video is 101 MB; videos may be at most 100 MB.'),
      ),
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(readVideoFile).not.toHaveBeenCalled();
    expect(uploads).toEqual([]);
  });

  it('refuses a file that is neither an image nor a video it takes, nor one whose bytes are not its type', async () => {
    const { dialog } = renderEditor();
    const input = dialog.getByLabelText('Slide image or video');
    fireEvent.change(input, { target: { files: [videoFile('clip.mov', 'video/quicktime')] } });
    await vi.waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining('Please choose an image (JPG, PNG, GIF or WebP) or a video (MP4 or WebM).'),
      ),
    );
    fireEvent.change(input, { target: { files: [new File(['not a picture'], 'photo.png', { type: 'image/png' })] } });
    await vi.waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining('Please choose an image file: this one is not the image its name says.'),
      ),
    );
    expect(uploads).toEqual([]);
  });

  it('shows Storage’s refusal of a file too large for it at the field', async () => {
    server.use(
      http.post(storageUrl('/object/ad-videos/*'), () =>
        HttpResponse.json(
          { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' },
          { status: 413 },
        ),
      ),
    );
    const { dialog, user } = renderEditor();
    const input = dialog.getByLabelText('Slide image or video');
    await user.upload(input, videoFile('clip.webm', 'video/webm', 60 * MB));
    await vi.waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining('This video is larger than Storage accepts: videos may be at most 100 MB.'),
      ),
    );
    expect(dialog.queryByText('Video uploaded successfully!')).not.toBeInTheDocument();
    expect(dialog.getByLabelText('Duration (seconds)')).toHaveValue(10);
  });

  it('reads the stored length of a video slide being edited', async () => {
    server.use(
      http.get(storageUrl('/object/info/ad-videos/:name'), ({ params }) =>
        HttpResponse.json({
          id: 'video-id',
          name: params.name,
          bucket_id: 'ad-videos',
          version: 'v1',
          created_at: '2026-11-20T10:00:00Z',
          metadata: { duration: 4.2, width: 640, height: 400 },
        }),
      ),
    );
    const { dialog } = renderEditor(
      storedSlide(2, { title: 'Short clip', image_url: 'short.webm', media_kind: 'video', duration: 10 }),
    );
    const duration = dialog.getByLabelText('Duration (seconds)');
    await vi.waitFor(() =>
      expect(duration).toHaveAccessibleDescription(
        '5 to 300. The video is 0:04 long: it plays again from the start to fill the slide.',
      ),
    );
    expect(duration).toHaveValue(10);
    expect(dialog.getByRole('button', { name: 'Remove video' })).toBeInTheDocument();
  });
});
