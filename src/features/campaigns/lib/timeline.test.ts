import { describe, expect, it } from 'vitest';
import { formatDuration } from '@/lib/format';
import { storedSlide } from '@/entities/slide/slide-fixtures';
import { normalizeRefreshInterval, type Slide } from '@/entities/slide/slide';
import {
  changeSlideType,
  createSlide,
  deleteSlide,
  duplicateSlide,
  hasChanges,
  isTempId,
  moveSlide,
  timelineStats,
  toSavePayload,
  upsertSlide,
} from './timeline';

const CAMPAIGN = 'ca000000-0000-4000-8000-000000000001';

const saved = (n: number, patch: Partial<Slide> = {}) => storedSlide(n, { campaign_id: CAMPAIGN, ...patch });

const titles = (slides: Slide[]) => slides.map((slide) => slide.title);
const orders = (slides: Slide[]) => slides.map((slide) => slide.display_order);

describe('slide timeline', () => {
  it('adds a static advertisement titled New Slide with a temp id at the end', () => {
    const added = createSlide(CAMPAIGN, [saved(1), saved(2)]);
    expect(added).toMatchObject({
      campaign_id: CAMPAIGN,
      content_type: 'static',
      slide_type: 'advertisement',
      title: 'New Slide',
      duration: 10,
      priority: 1,
      is_active: true,
      display_order: 3,
    });
    expect(added.id).toMatch(/^temp-[0-9a-f-]{36}$/);
    expect(isTempId(added.id)).toBe(true);
    expect(createSlide(CAMPAIGN, []).display_order).toBe(1);
  });

  it('duplicates a slide as a temp copy titled "(Copy)" appended at the end', () => {
    const original = saved(1, {
      settings: { location: 'Paris', refresh_interval: 600 },
      slide_type: 'weather',
      content_type: 'dynamic',
    });
    const slides = duplicateSlide([original, saved(2)], original.id);
    expect(titles(slides)).toEqual(['Slide 1', 'Slide 2', 'Slide 1 (Copy)']);
    const copy = slides[2]!;
    expect(copy.id).not.toBe(original.id);
    expect(isTempId(copy.id)).toBe(true);
    expect(copy).toMatchObject({
      display_order: 3,
      slide_type: 'weather',
      content_type: 'dynamic',
      settings: { location: 'Paris' },
    });
    expect(copy.settings).not.toBe(original.settings);
  });

  it('deletes a slide and renumbers from 1', () => {
    const slides = deleteSlide([saved(1), saved(2), saved(3)], saved(2).id);
    expect(titles(slides)).toEqual(['Slide 1', 'Slide 3']);
    expect(orders(slides)).toEqual([1, 2]);
  });

  it('reorders down and up, renumbering from 1', () => {
    const list = [saved(1), saved(2), saved(3), saved(4)];
    const down = moveSlide(list, saved(1).id, saved(3).id);
    expect(titles(down)).toEqual(['Slide 2', 'Slide 3', 'Slide 1', 'Slide 4']);
    expect(orders(down)).toEqual([1, 2, 3, 4]);
    const up = moveSlide(down, saved(4).id, saved(2).id);
    expect(titles(up)).toEqual(['Slide 4', 'Slide 2', 'Slide 3', 'Slide 1']);
    expect(orders(up)).toEqual([1, 2, 3, 4]);
    expect(titles(moveSlide(list, saved(1).id, 'missing'))).toEqual(titles(list));
  });

  it('makes weather, news and sports dynamic and every other type static', () => {
    const slide = saved(1);
    for (const type of ['weather', 'news', 'sports'] as const) {
      expect(changeSlideType(slide, type)).toMatchObject({ slide_type: type, content_type: 'dynamic' });
    }
    for (const type of ['advertisement', 'business_info', 'promotional'] as const) {
      expect(changeSlideType({ ...slide, content_type: 'dynamic' }, type)).toMatchObject({
        slide_type: type,
        content_type: 'static',
      });
    }
  });

  it('reads a stored refresh interval defensively: falls back and clamps', () => {
    expect([
      normalizeRefreshInterval('soon'),
      normalizeRefreshInterval(undefined),
      normalizeRefreshInterval(30),
      normalizeRefreshInterval('4000'),
      normalizeRefreshInterval('900'),
    ]).toEqual([300, 300, 60, 3600, 900]);
  });

  it('formats durations as m:ss', () => {
    expect([
      formatDuration(0),
      formatDuration(9),
      formatDuration(75),
      formatDuration(600),
      formatDuration(3599),
    ]).toEqual(['0:00', '0:09', '1:15', '10:00', '59:59']);
  });

  it('counts slides, seconds, static and dynamic slides', () => {
    const slides = [
      saved(1, { duration: 15 }),
      saved(2, { content_type: 'dynamic', slide_type: 'news', duration: 20 }),
      saved(3),
    ];
    expect(timelineStats(slides)).toEqual({
      total: 3,
      totalDuration: 45,
      staticCount: 2,
      dynamicCount: 1,
      loopPlays: 3,
      loopDuration: 45,
    });
  });

  it('counts the loop as screens play it: a slide of priority p p times, inactive slides not at all', () => {
    const slides = [
      saved(1, { duration: 10, priority: 3 }),
      saved(2, { duration: 20 }),
      saved(3, { is_active: false }),
    ];
    expect(timelineStats(slides)).toMatchObject({ total: 3, loopPlays: 4, loopDuration: 50 });
  });

  it('replaces an edited slide in place and appends a new one', () => {
    const list = [saved(1), saved(2)];
    const edited = upsertSlide(list, { ...saved(1), title: 'Renamed' });
    expect(titles(edited)).toEqual(['Renamed', 'Slide 2']);
    const added = upsertSlide(list, createSlide(CAMPAIGN, list));
    expect(orders(added)).toEqual([1, 2, 3]);
    expect(hasChanges(list, edited)).toBe(true);
    expect(hasChanges(list, [...list])).toBe(false);
  });

  it('sends each slide without campaign_id, order or timestamps, in list order', () => {
    const payload = toSavePayload([saved(2, { created_at: 'x', updated_at: 'y' }), createSlide(CAMPAIGN, [])]);
    expect(payload).toEqual([
      expect.objectContaining({ id: saved(2).id, title: 'Slide 2', settings: {} }),
      expect.objectContaining({ title: 'New Slide' }),
    ]);
    for (const element of payload as Record<string, unknown>[]) {
      expect(Object.keys(element)).not.toEqual(expect.arrayContaining(['campaign_id']));
      expect(element).not.toHaveProperty('display_order');
      expect(element).not.toHaveProperty('created_at');
    }
  });
});
