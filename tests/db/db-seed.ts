// The seeded rows (supabase/seed.sql) the database tests refer to, and clients
// acting as the seeded people.
import type pg from 'pg';
import { anon, ANON_KEY, type AnyClient, client, signToken } from 'supabase-local/testing/vitest';

/**
 * anon: no login; cafe, gym: the seeded venues' linked logins; admin: the seeded admin;
 * unlinked: a login with Harbor Books' e-mail that no admin linked to it (tests/db/fixtures-unlinked-login.sql);
 * screen: the paired screen of Corner Cafe's second device (tests/db/fixtures-screen-login.sql);
 * advertiser: Brightline Mobile's linked login (the seeded advertiser login);
 * operator, sales, viewer: the seeded team members with those roles (no second factor).
 */
export type Persona =
  'anon' | 'cafe' | 'gym' | 'admin' | 'unlinked' | 'screen' | 'advertiser' | 'operator' | 'sales' | 'viewer';

export const SEED = {
  users: {
    admin: { id: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' },
    cafe: { id: 'a0000000-0000-4000-8000-000000000002', email: 'cafe@example.com' },
    gym: { id: 'a0000000-0000-4000-8000-000000000003', email: 'gym@example.com' },
    unlinked: { id: 'a0000000-0000-4000-8000-0000000000bb', email: 'books@example.com' },
    screen: { id: 'a0000000-0000-4000-8000-0000000000cc', email: 'screen-e0000000-fixture0@screens.invalid' },
    advertiser: { id: 'a0000000-0000-4000-8000-000000000004', email: 'james@brightline.example.com' },
    operator: { id: 'a0000000-0000-4000-8000-000000000011', email: 'olivia@example.com' },
    sales: { id: 'a0000000-0000-4000-8000-000000000012', email: 'sam@example.com' },
    viewer: { id: 'a0000000-0000-4000-8000-000000000013', email: 'vic@example.com' },
  },
  /** Brightline Mobile, whose login is the advertiser persona: its ads, network campaign and slides. */
  brightline: {
    advertiser: 'ad000000-0000-4000-8000-000000000002',
    ads: ['ad100000-0000-4000-8000-000000000002', 'ad100000-0000-4000-8000-000000000003'],
    campaign: 'ca000000-0000-4000-8000-000000000005',
    slides: ['c1000000-0000-4000-8000-000000000010', 'c1000000-0000-4000-8000-000000000011'],
    /** Where it played (Peak Gym's first entrance screen) and where else it is booked (Corner Cafe's window). */
    playedOn: 'e0000000-0000-4000-8000-000000000003',
    bookedOn: ['e0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000003'],
  },
  customers: {
    cafe: 'c0000000-0000-4000-8000-000000000001',
    gym: 'c0000000-0000-4000-8000-000000000002',
    books: 'c0000000-0000-4000-8000-000000000003',
  },
  campaigns: {
    cafeActive: 'ca000000-0000-4000-8000-000000000001',
    cafePaused: 'ca000000-0000-4000-8000-000000000002',
    gymCompleted: 'ca000000-0000-4000-8000-000000000003',
    /** Active, with dayparts (weekday mornings, Saturday late morning). */
    gymMorning: 'ca000000-0000-4000-8000-000000000004',
  },
  slides: {
    cafe: [1, 2, 3, 4, 5, 6, 8].map((n) => `c1000000-0000-4000-8000-00000000000${n}`),
    /** Corner Cafe's video slide (Cafe Daily Specials). */
    cafeVideo: 'c1000000-0000-4000-8000-000000000008',
    gym: ['c1000000-0000-4000-8000-000000000007', 'c1000000-0000-4000-8000-000000000009'],
  },
  equipment: {
    cafe: ['e0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000002'],
    gym: ['e0000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000004'],
    all: [1, 2, 3, 4, 5, 6].map((n) => `e0000000-0000-4000-8000-00000000000${n}`),
  },
  advertisers: [1, 2, 3, 4, 5].map((n) => `ad000000-0000-4000-8000-00000000000${n}`),
  ads: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `ad100000-0000-4000-8000-00000000000${n}`),
  alerts: [1, 2, 3, 4, 5, 6].map((n) => `a1e00000-0000-4000-8000-00000000000${n}`),
  images: {
    latte: 'corner-cafe-latte.png',
    pastries: 'corner-cafe-pastries.png',
    testPatternPoster: 'posters/corner-cafe-test-pattern.webm.jpg',
  },
  videos: { testPattern: 'corner-cafe-test-pattern.webm' },
  files: {
    cafePhoto: 'c0000000-0000-4000-8000-000000000001/location-photo.png',
    cafeAgreement: 'c0000000-0000-4000-8000-000000000001/agreement.pdf',
    gymPhoto: 'c0000000-0000-4000-8000-000000000002/location-photo.png',
  },
} as const;

/** A supabase-js client acting as one of the seeded people (or anonymous). */
export async function as(persona: Persona): Promise<AnyClient> {
  if (persona === 'anon') return anon();
  return client(ANON_KEY, await tokenOf(persona));
}

/** The access token Auth gives the persona (a paired screen's names its device in app_metadata). */
export function tokenOf(persona: Exclude<Persona, 'anon'>, expiresIn?: number): Promise<string> {
  const u = SEED.users[persona];
  const appMetadata =
    persona === 'screen'
      ? { provider: 'email', providers: ['email'], screen_device_id: SEED.equipment.cafe[1] }
      : { provider: 'email', providers: ['email'] };
  return signToken({ sub: u.id, email: u.email, app_metadata: appMetadata }, expiresIn);
}

/** Creates a confirmed auth user the way seed.sql does; its public.users row comes from the trigger. */
export async function createAuthUser(
  db: pg.Client,
  email: string,
  appMetadata: Record<string, unknown> = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1,
       extensions.crypt('test-pass-123', extensions.gen_salt('bf', 4)), now(), $2, '{}', now(), now())
     returning id`,
    [email, JSON.stringify({ provider: 'email', providers: ['email'], ...appMetadata })],
  );
  return rows[0]!.id;
}
