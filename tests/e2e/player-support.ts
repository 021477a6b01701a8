// Setting up a customer of its own for player tests and the player benchmark, through the
// service role: an auth user with a password, a customers row, slide images in ad-images
// (and videos in ad-videos) and an active campaign. Nothing seeded is changed.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateSync, crc32 } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { Database } from '../../src/types/database.ts';

/** The local stack's service-role key (Supabase CLI demo value). */
export const SERVICE_ROLE_KEY =
  process.env.SUPABASE_SERVICE_ROLE_KEY ??
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** A supabase-js client for Node with `key` (no stored session). */
export function nodeClient(stackUrl: string, key: string) {
  return createClient<Database>(stackUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
}

export const serviceClient = (stackUrl: string) => nodeClient(stackUrl, SERVICE_ROLE_KEY);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG of `width`×`height` (RGB), each row's pixels as `row(y)` gives them (width × 3 bytes). */
export function rgbPng(width: number, height: number, row: (y: number) => Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const raw = Buffer.concat(
    Array.from({ length: height }, (_, y) => {
      const line = Buffer.alloc(1 + width * 3);
      line.set(row(y), 1);
      return line;
    }),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of random pixels: it does not compress, so it weighs about width × height × 3 bytes (a photo's way). */
export function noisePng(width: number, height: number): Buffer {
  return rgbPng(width, height, () => randomBytes(width * 3));
}

/** A solid-colour PNG of `width`×`height` (RGB). */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const pixels = new Uint8Array(width * 3);
  for (let x = 0; x < width; x++) pixels.set([r, g, b], x * 3);
  return rgbPng(width, height, () => pixels);
}

export const COLOURS: [number, number, number][] = [
  [220, 38, 38],
  [22, 163, 74],
  [37, 99, 235],
  [234, 179, 8],
  [147, 51, 234],
];

/** The test videos (tests/e2e/fixtures): 5 s each, 640×400, a test pattern that is never dark. */
export const TEST_VIDEOS = ['pattern-a.webm', 'pattern-b.webm'];
const testVideo = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

export interface PlayerCustomer {
  email: string;
  password: string;
  userId: string;
  customerId: string;
  campaignId: string;
  slideIds: string[];
  /** The file of each slide, in order: an image in ad-images or a video in ad-videos. */
  files: { path: string; kind: 'image' | 'video' }[];
  /** The venue's one screen, 'Lobby', as an admin set it up (a /slides kiosk chooses it once). */
  deviceId: string;
  remove: () => Promise<void>;
}

/** The name of the screen every player test customer has. */
export const PLAYER_SCREEN = 'Lobby';

/**
 * A customer with one active campaign of `count` image slides lasting `seconds` each; with
 * `kinds`, one slide of each kind in that order (videos take turns among TEST_VIDEOS).
 */
export async function createPlayerCustomer(
  stackUrl: string,
  {
    count = 3,
    seconds = 5,
    width = 1280,
    height = 800,
    kinds,
  }: { count?: number; seconds?: number; width?: number; height?: number; kinds?: ('image' | 'video')[] } = {},
): Promise<PlayerCustomer> {
  const sb = serviceClient(stackUrl);
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `player-${suffix}@example.com`;
  const password = `player-pass-${suffix}`;

  const { data: created, error: userError } = await sb.auth.admin.createUser({ email, password, email_confirm: true });
  if (userError || !created.user) throw new Error(`creating ${email}: ${userError?.message}`);
  const userId = created.user.id;

  const customer = await sb
    .from('customers')
    .insert({
      name: `Player Test ${suffix}`,
      username: `player${suffix}`,
      email,
      location: 'Test Lab',
      status: 'active',
      // The login is this venue's because it is linked to it, as an admin's customer-login does.
      user_id: userId,
    })
    .select('id')
    .single();
  if (customer.error) throw new Error(`customer: ${customer.error.message}`);
  const customerId = customer.data.id;

  const files: PlayerCustomer['files'] = [];
  const slideKinds = kinds ?? Array.from({ length: count }, () => 'image' as const);
  let videos = 0;
  for (const [i, kind] of slideKinds.entries()) {
    if (kind === 'video') {
      const video = TEST_VIDEOS[videos++ % TEST_VIDEOS.length];
      const path = `player-test-${suffix}-${i + 1}-${video}`;
      const upload = await sb.storage
        .from('ad-videos')
        .upload(path, testVideo(video), { contentType: 'video/webm', upsert: true, metadata: { duration: 5 } });
      if (upload.error) throw new Error(`upload ${path}: ${upload.error.message}`);
      files.push({ path, kind });
      continue;
    }
    const path = `player-test-${suffix}-${i + 1}.png`;
    const png = solidPng(width, height, COLOURS[i % COLOURS.length]);
    const upload = await sb.storage.from('ad-images').upload(path, png, { contentType: 'image/png', upsert: true });
    if (upload.error) throw new Error(`upload ${path}: ${upload.error.message}`);
    files.push({ path, kind });
  }

  const campaign = await sb
    .from('campaigns')
    .insert({ name: `Player Test ${suffix}`, customer_id: customerId, status: 'active' })
    .select('id')
    .single();
  if (campaign.error) throw new Error(`campaign: ${campaign.error.message}`);
  const campaignId = campaign.data.id;

  const items = await sb
    .from('campaign_items')
    .insert(
      files.map((file, i) => ({
        campaign_id: campaignId,
        title: `Slide ${i + 1}`,
        image_url: file.path,
        media_kind: file.kind,
        display_order: i + 1,
        duration: seconds,
      })),
    )
    .select('id, display_order')
    .order('display_order');
  if (items.error) throw new Error(`slides: ${items.error.message}`);
  const slideIds = items.data.map((s) => s.id);

  const device = await sb
    .from('equipment_status')
    .insert({ customer_id: customerId, device_name: PLAYER_SCREEN, location: 'Test Lab', status: 'offline' })
    .select('id')
    .single();
  if (device.error) throw new Error(`device: ${device.error.message}`);

  return {
    email,
    password,
    userId,
    customerId,
    campaignId,
    slideIds,
    files,
    deviceId: device.data.id,
    remove: async () => {
      await sb.from('equipment_status').delete().eq('customer_id', customerId);
      await sb.from('customers').delete().eq('id', customerId);
      const of = (kind: 'image' | 'video') => files.filter((f) => f.kind === kind).map((f) => f.path);
      await sb.storage.from('ad-images').remove(of('image'));
      if (of('video').length > 0) await sb.storage.from('ad-videos').remove(of('video'));
      await sb.auth.admin.deleteUser(userId);
    },
  };
}

/**
 * Saves the customer's campaign as an admin would in the builder: its slides as they are,
 * then `extra` text slides (5 s each) after them.
 */
export async function saveSlidesAsAdmin(
  stackUrl: string,
  anonKey: string,
  admin: { email: string; password: string },
  customer: PlayerCustomer,
  extra: { title: string; content: string }[],
) {
  const client = nodeClient(stackUrl, anonKey);
  const signIn = await client.auth.signInWithPassword(admin);
  if (signIn.error) throw new Error(`admin sign-in: ${signIn.error.message}`);
  const slides = [
    ...customer.slideIds.map((id, i) => ({
      id,
      title: `Slide ${i + 1}`,
      image_url: customer.files[i].path,
      media_kind: customer.files[i].kind,
      duration: 5,
    })),
    ...extra.map((slide, i) => ({ id: `temp-${i + 1}`, ...slide, duration: 5 })),
  ];
  const saved = await client.rpc('save_campaign_slides', { p_campaign_id: customer.campaignId, p_slides: slides });
  if (saved.error) throw new Error(`save_campaign_slides: ${saved.error.message}`);
}

export interface Change {
  t: number;
  id: string | null;
  image: boolean;
  text: string;
}

/**
 * Records every slide change on the page: when, which slide, and whether its image is
 * painted (runs in the page; a string, since these tests are typed for Node).
 */
const RECORD_CHANGES = `(() => {
  window.__changes = [];
  const player = document.querySelector('[data-testid="player"]');
  const note = () => {
    const layer = document.querySelector('[data-visible="true"]');
    const img = layer && layer.querySelector('img');
    window.__changes.push({
      t: performance.now(),
      id: layer ? layer.dataset.slideId : null,
      image: Boolean(img && img.complete && img.naturalWidth > 0),
      text: layer ? layer.textContent : '',
    });
  };
  new MutationObserver(note).observe(player, { attributes: true, attributeFilter: ['data-slide-index'] });
})()`;

export const recordChanges = (page: Page) => page.evaluate(RECORD_CHANGES);
export const changes = (page: Page) => page.evaluate<Change[]>('window.__changes');

export async function waitForChanges(page: Page, count: number, timeout = 30_000) {
  await page.waitForFunction(`window.__changes.length >= ${count}`, undefined, { timeout });
  return changes(page);
}

/**
 * Waits until the page could start again without a network: its service worker controls
 * it and keeps index.html and every built asset the page loaded.
 */
export async function waitForOfflineReady(page: Page) {
  // Polled from here, so each check's promise is awaited (a promise the page hands to
  // waitForFunction would count as a truthy answer at once).
  await expect
    .poll(
      () =>
        page.evaluate(`(async () => {
          if (!navigator.serviceWorker.controller) return false;
          const assets = performance.getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
            .map((url) => url.pathname);
          const kept = await Promise.all(['/index.html', ...assets].map((path) => caches.match(path)));
          return kept.every(Boolean);
        })()`),
      { timeout: 20_000, intervals: [250] },
    )
    .toBe(true);
}

/**
 * Opens /slides (signed in as a venue) and, when the browser does not know which screen it
 * is yet, answers the question once: the venue's screen named `screen`, or a new screen of
 * that name when the venue has none.
 */
export async function openSlides(page: Page, screen = PLAYER_SCREEN) {
  await page.goto('/slides');
  const question = page.getByRole('heading', { name: 'Which screen is this?' });
  const counter = page.getByTestId('slide-counter');
  await expect(question.or(counter)).toBeVisible({ timeout: 20_000 });
  if (!(await question.isVisible())) return;
  const existing = page
    .getByRole('list', { name: 'Your screens' })
    .getByRole('button', { name: new RegExp(`^${screen}\\b`) });
  if ((await existing.count()) > 0) {
    await existing.click();
  } else {
    await page.getByLabel('Screen name').fill(screen);
    await page.getByRole('button', { name: 'Add this screen' }).click();
  }
  await expect(question).toBeHidden();
}
