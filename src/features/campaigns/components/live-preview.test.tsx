import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { SUPABASE_URL } from '@tests/setup/supabase-mocks';
import { fakeTextLayout, type FakeTextLayout } from '@tests/setup/fake-text-layout';
import { renderRoutes } from '@tests/setup/render';
import type { Slide } from '@/entities/slide/slide';
import { storedSlide } from '@/entities/slide/slide-fixtures';
import { answer, json, onDynamicContent, weather } from '@/components/dynamic-content/test-fixtures';
import { LivePreview } from './live-preview';

const slide = (patch: Partial<Slide>): Slide => ({
  ...storedSlide(1, { campaign_id: 'camp', slide_type: 'promotional', title: 'Autumn menu' }),
  ...patch,
});

let layout: FakeTextLayout | undefined;
afterEach(() => layout?.restore());

function renderPreview(current: Slide, timeZone?: string) {
  return renderRoutes([
    {
      path: '/',
      element: (
        <LivePreview
          slides={[current]}
          currentId={current.id}
          playing={false}
          onShow={() => undefined}
          onPlayingChange={() => undefined}
          onClose={() => undefined}
          timeZone={timeZone}
        />
      ),
    },
  ]);
}

/** Storage's batched signing of slide images (the preview signs as the player does). */
const signImages = () =>
  http.post(`${SUPABASE_URL}/storage/v1/object/sign/ad-images`, async ({ request }) => {
    const { paths } = (await request.json()) as { paths: string[] };
    return HttpResponse.json(
      paths.map((path) => ({ path, signedURL: `/object/sign/ad-images/${path}?token=t`, error: null })),
    );
  });

const check = () => within(screen.getByTestId('preview-text-check'));

describe('Live Preview text check', () => {
  it('counts the text and says the size it shows at on a 1920 × 1080 screen', () => {
    // The text box of a text slide on a 1920 × 1080 screen.
    layout = fakeTextLayout({ width: 1812, height: 972 });
    renderPreview(slide({ content: 'Pumpkin latte and apple pie, all season.' }));
    expect(check().getByText(/characters/)).toHaveTextContent('Title 11 / 80 · Content text 40 / 400 characters');
    expect(check().getByText(/Text size/)).toHaveTextContent('Text size on a 1920 × 1080 screen: 70 px, title 130 px.');
    expect(check().queryByRole('status')).not.toBeInTheDocument();
  });

  it('warns in words when the text will be small on the screen', () => {
    // Much text in a narrow box: it fits only under the legible size.
    layout = fakeTextLayout({ width: 500, height: 500 });
    renderPreview(slide({ content: 'Seasonal pies baked fresh every morning. '.repeat(9).trim() }));
    const warning = check().getByRole('status');
    expect(warning).toHaveTextContent('Text will be small on the screen');
    expect(warning).toHaveTextContent(
      /The content text shows at \d+ px on a 1920 × 1080 screen, under the 36 px that reads from about 2 m on a 55-inch screen\. Shorten the text\.$/,
    );
    const shown = Number(/shows at (\d+) px/.exec(warning.textContent ?? '')![1]);
    expect(shown).toBeLessThan(36);
    expect(check().getByText(/Text size/)).toHaveTextContent(`: ${shown} px`);
  });

  it('shows the slide on a portrait screen when asked', async () => {
    layout = fakeTextLayout({ width: 972, height: 1812, screen: { width: 1080, height: 1920 } });
    const { user } = renderPreview(slide({ content: 'Pumpkin latte.' }));
    const frame = () => document.querySelector('[data-screen]');
    expect(frame()).toHaveAttribute('data-screen', '1920x1080');
    expect(screen.getByRole('button', { name: 'Landscape' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Portrait' }));
    expect(screen.getByRole('button', { name: 'Portrait' })).toHaveAttribute('aria-pressed', 'true');
    expect(frame()).toHaveAttribute('data-screen', '1080x1920');
    expect(check().getByText(/Text size/)).toHaveTextContent('on a 1080 × 1920 screen');
  });

  it('says nothing of text size for an image shown alone, but still counts', async () => {
    layout = fakeTextLayout({ width: 1812, height: 972 });
    server.use(signImages());
    renderPreview(slide({ slide_type: 'advertisement', image_url: 'poster.png', content: null, title: 'Poster' }));
    expect(await screen.findByRole('img', { name: 'Poster' })).toBeInTheDocument();
    expect(check().queryByText(/Text size/)).not.toBeInTheDocument();
    expect(check().getByText(/characters/)).toHaveTextContent('Title 6 / 80 · Content text 0 / 400 characters');
  });

  it('lays an image with content text beside it, and measures that text', async () => {
    layout = fakeTextLayout({ width: 864, height: 972 });
    server.use(signImages());
    renderPreview(slide({ slide_type: 'advertisement', image_url: 'latte.png', content: 'Oat latte, $4.50.' }));
    expect(await screen.findByRole('img', { name: 'Autumn menu' })).toBeInTheDocument();
    expect(document.querySelector('[data-slide-layout="image-and-text"]')).toContainElement(
      screen.getByText('Oat latte, $4.50.'),
    );
    expect(check().getByText(/Text size/)).toHaveTextContent('70 px');
  });
});

describe('Live Preview of a dynamic slide', () => {
  it('shows the venue’s clock, and labels sample data as such', async () => {
    server.use(
      onDynamicContent(() => json(answer('weather', weather, { fallback: true, updatedAt: '2026-11-22T14:05:00Z' })))
        .handler,
    );
    renderPreview(
      slide({ content_type: 'dynamic', slide_type: 'weather', title: 'Weather', image_url: null }),
      'Asia/Tokyo',
    );
    const view = await screen.findByRole('region', { name: 'Weather' });
    // 14:05 UTC is 11:05 PM in Tokyo, whatever the browser's own zone.
    expect(view).toHaveTextContent(/Updated 11:05\sPM/);
    expect(screen.getByTestId('sample-badge')).toHaveTextContent('Sample data');
  });
});
