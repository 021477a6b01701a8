import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@tests/setup/msw-server';
import { SUPABASE_URL } from '@tests/setup/supabase-mocks';
import { signSlideImages, slideImageUrl } from './slide-images';

const signUrl = `${SUPABASE_URL}/storage/v1/object/sign/ad-images`;

describe('slide image links', () => {
  it('signs in one request and retries only the failed legacy paths without slides/', async () => {
    const asked: { paths: string[]; expiresIn: number }[] = [];
    server.use(
      http.post(signUrl, async ({ request }) => {
        const body = (await request.json()) as { paths: string[]; expiresIn: number };
        asked.push(body);
        return HttpResponse.json(
          body.paths.map((path) =>
            path.startsWith('slides/') || path === 'gone.png'
              ? { path, signedURL: null, error: 'Object not found' }
              : { path, signedURL: `/object/sign/ad-images/${path}?token=t`, error: null },
          ),
        );
      }),
    );
    const links = await signSlideImages(['latte.png', 'slides/pastries.png', 'gone.png']);
    expect(asked).toEqual([
      { expiresIn: 3600, paths: ['latte.png', 'slides/pastries.png', 'gone.png'] },
      { expiresIn: 3600, paths: ['pastries.png'] },
    ]);
    expect(links.get('slides/pastries.png')).toContain('/object/sign/ad-images/pastries.png?token=t');
    expect(links.has('gone.png')).toBe(false);

    asked.length = 0;
    expect(await slideImageUrl('slides/latte.png')).toContain('/object/sign/ad-images/latte.png?token=t');
    expect(asked.map((a) => a.paths)).toEqual([['slides/latte.png'], ['latte.png']]);
    asked.length = 0;
    expect(await slideImageUrl('gone.png')).toBeNull();
    expect(asked.map((a) => a.paths)).toEqual([['gone.png']]);
  });
});
