// Who may read and write what: every product table and storage bucket, for an
// anonymous visitor, the two seeded customers, the admin and the team's operator, sales
// and viewer, through supabase-js over the stack. The expected outcome of each cell is written out below.
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, connectDb, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, createAuthUser, type Persona, SEED } from './db-seed.ts';

/*
 * Personas: see Persona in db-seed.ts. "unlinked" holds a venue's e-mail (Harbor Books')
 * without being that venue's linked login: it must see nothing but its own user row.
 * "screen" is Corner Cafe's paired screen: it reads its venue's campaigns, their slides and
 * chosen screens (so Realtime tells it of their changes), its own device and its own user
 * row, and writes nothing; of the buckets only the images and videos of its venue's slides.
 * "advertiser" is Brightline Mobile's login: it reads its own company, ads, network campaign
 * and its slides, and its own user row; no venue, screen, alert or other advertiser's row;
 * writes nothing; of the buckets only the images and videos of its own slides.
 *
 * Outcomes
 *   select  all      every row (at least every seeded row)
 *           own      only the persona's own rows (and all of its seeded ones)
 *           none     no rows, no error
 *   insert  allowed  the row is created
 *           refused  error 42501 (row level security)
 *   update  allowed  the row changes
 *   delete  allowed  the row is removed
 *           no-op    no error, no row changed or removed
 */
const TABLE_MATRIX = `
  table             persona     select  insert   update   delete
  customers         anon        none    refused  no-op    no-op
  customers         cafe        own     refused  no-op    no-op
  customers         gym         own     refused  no-op    no-op
  customers         admin       all     allowed  allowed  allowed
  customers         unlinked    none    refused  no-op    no-op
  customers         screen      none    refused  no-op    no-op
  customers         advertiser  none    refused  no-op    no-op
  customers         operator    all     allowed  allowed  allowed
  customers         sales       all     refused  no-op    no-op
  customers         viewer      all     refused  no-op    no-op
  advertisers       anon        none    refused  no-op    no-op
  advertisers       cafe        none    refused  no-op    no-op
  advertisers       gym         none    refused  no-op    no-op
  advertisers       admin       all     allowed  allowed  allowed
  advertisers       unlinked    none    refused  no-op    no-op
  advertisers       screen      none    refused  no-op    no-op
  advertisers       advertiser  own     refused  no-op    no-op
  advertisers       operator    all     refused  no-op    no-op
  advertisers       sales       all     allowed  allowed  allowed
  advertisers       viewer      all     refused  no-op    no-op
  ads               anon        none    refused  no-op    no-op
  ads               cafe        none    refused  no-op    no-op
  ads               gym         none    refused  no-op    no-op
  ads               admin       all     allowed  allowed  allowed
  ads               unlinked    none    refused  no-op    no-op
  ads               screen      none    refused  no-op    no-op
  ads               advertiser  own     refused  no-op    no-op
  ads               operator    all     allowed  allowed  allowed
  ads               sales       all     allowed  allowed  allowed
  ads               viewer      all     refused  no-op    no-op
  system_alerts     anon        none    refused  no-op    no-op
  system_alerts     cafe        none    refused  no-op    no-op
  system_alerts     gym         none    refused  no-op    no-op
  system_alerts     admin       all     allowed  allowed  allowed
  system_alerts     unlinked    none    refused  no-op    no-op
  system_alerts     screen      none    refused  no-op    no-op
  system_alerts     advertiser  none    refused  no-op    no-op
  system_alerts     operator    all     allowed  allowed  allowed
  system_alerts     sales       all     refused  no-op    no-op
  system_alerts     viewer      all     refused  no-op    no-op
  equipment_status  anon        none    refused  no-op    no-op
  equipment_status  cafe        own     refused  no-op    no-op
  equipment_status  gym         own     refused  no-op    no-op
  equipment_status  admin       all     allowed  allowed  allowed
  equipment_status  unlinked    none    refused  no-op    no-op
  equipment_status  screen      own     refused  no-op    no-op
  equipment_status  advertiser  none    refused  no-op    no-op
  equipment_status  operator    all     allowed  allowed  allowed
  equipment_status  sales       all     refused  no-op    no-op
  equipment_status  viewer      all     refused  no-op    no-op
  campaigns         anon        none    refused  no-op    no-op
  campaigns         cafe        own     refused  no-op    no-op
  campaigns         gym         own     refused  no-op    no-op
  campaigns         admin       all     allowed  allowed  allowed
  campaigns         unlinked    none    refused  no-op    no-op
  campaigns         screen      own     refused  no-op    no-op
  campaigns         advertiser  own     refused  no-op    no-op
  campaigns         operator    all     allowed  allowed  allowed
  campaigns         sales       all     allowed  allowed  allowed
  campaigns         viewer      all     refused  no-op    no-op
  campaign_items    anon        none    refused  no-op    no-op
  campaign_items    cafe        own     refused  no-op    no-op
  campaign_items    gym         own     refused  no-op    no-op
  campaign_items    admin       all     allowed  allowed  allowed
  campaign_items    unlinked    none    refused  no-op    no-op
  campaign_items    screen      own     refused  no-op    no-op
  campaign_items    advertiser  own     refused  no-op    no-op
  campaign_items    operator    all     allowed  allowed  allowed
  campaign_items    sales       all     allowed  allowed  allowed
  campaign_items    viewer      all     refused  no-op    no-op
  users             anon        none    refused  no-op    no-op
  users             cafe        own     refused  no-op    no-op
  users             gym         own     refused  no-op    no-op
  users             admin       all     allowed  allowed  allowed
  users             unlinked    own     refused  no-op    no-op
  users             screen      own     refused  no-op    no-op
  users             advertiser  own     refused  no-op    no-op
  users             operator    own     refused  no-op    no-op
  users             sales       own     refused  no-op    no-op
  users             viewer      own     refused  no-op    no-op
  campaign_screens  anon        none    refused  no-op    no-op
  campaign_screens  cafe        own     refused  no-op    no-op
  campaign_screens  gym         own     refused  no-op    no-op
  campaign_screens  admin       all     allowed  allowed  allowed
  campaign_screens  unlinked    none    refused  no-op    no-op
  campaign_screens  screen      own     refused  no-op    no-op
  campaign_screens  advertiser  none    refused  no-op    no-op
  campaign_screens  operator    all     allowed  allowed  allowed
  campaign_screens  sales       all     allowed  allowed  allowed
  campaign_screens  viewer      all     refused  no-op    no-op
`;

/*
 * Storage: "own" objects are, in ad-images, the images of the persona's own
 * slides (the seeded latte image is Corner Cafe's), in ad-videos the videos of its
 * own slides (the seeded test pattern is Corner Cafe's), and in customer-files the
 * files under the persona's customer folder. "other" objects belong to someone else.
 *   select: download; insert: upload of a new file; update: replacing a file; delete: remove.
 */
const STORAGE_MATRIX = `
  bucket            persona     select-own  select-other  insert   update   delete
  ad-images         anon        -           refused       refused  refused  no-op
  ad-images         cafe        allowed     refused       refused  refused  no-op
  ad-images         gym         -           refused       refused  refused  no-op
  ad-images         admin       -           allowed       allowed  allowed  allowed
  ad-images         unlinked    -           refused       refused  refused  no-op
  ad-images         screen      allowed     refused       refused  refused  no-op
  ad-images         advertiser  allowed     refused       refused  refused  no-op
  ad-images         operator    -           allowed       allowed  allowed  allowed
  ad-images         sales       -           allowed       allowed  allowed  allowed
  ad-images         viewer      -           allowed       refused  refused  no-op
  ad-videos         anon        -           refused       refused  refused  no-op
  ad-videos         cafe        allowed     refused       refused  refused  no-op
  ad-videos         gym         -           refused       refused  refused  no-op
  ad-videos         admin       -           allowed       allowed  allowed  allowed
  ad-videos         unlinked    -           refused       refused  refused  no-op
  ad-videos         screen      allowed     refused       refused  refused  no-op
  ad-videos         advertiser  allowed     refused       refused  refused  no-op
  ad-videos         operator    -           allowed       allowed  allowed  allowed
  ad-videos         sales       -           allowed       allowed  allowed  allowed
  ad-videos         viewer      -           allowed       refused  refused  no-op
  customer-files    anon        -           refused       refused  refused  no-op
  customer-files    cafe        allowed     refused       refused  refused  no-op
  customer-files    gym         allowed     refused       refused  refused  no-op
  customer-files    admin       -           allowed       allowed  allowed  allowed
  customer-files    unlinked    -           refused       refused  refused  no-op
  customer-files    screen      -           refused       refused  refused  no-op
  customer-files    advertiser  -           refused       refused  refused  no-op
  customer-files    operator    -           allowed       allowed  allowed  allowed
  customer-files    sales       -           allowed       refused  refused  no-op
  customer-files    viewer      -           allowed       refused  refused  no-op
  advertiser-logos  anon        -           refused       refused  refused  no-op
  advertiser-logos  cafe        -           refused       refused  refused  no-op
  advertiser-logos  gym         -           refused       refused  refused  no-op
  advertiser-logos  admin       -           allowed       allowed  allowed  allowed
  advertiser-logos  unlinked    -           refused       refused  refused  no-op
  advertiser-logos  screen      -           refused       refused  refused  no-op
  advertiser-logos  advertiser  -           refused       refused  refused  no-op
  advertiser-logos  operator    -           allowed       refused  refused  no-op
  advertiser-logos  sales       -           allowed       allowed  allowed  allowed
  advertiser-logos  viewer      -           allowed       refused  refused  no-op
`;

function parseMatrix(text: string): Record<string, string>[] {
  const lines = text
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/));
  const [header, ...rows] = lines;
  return rows.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!])));
}

type Row = Record<string, unknown>;

interface TableCase {
  /** Ids the seed created, all of which an admin must see. */
  seeded: readonly string[];
  /** Seeded ids the persona owns (for "own"). */
  ownSeeded?: Partial<Record<Persona, readonly string[]>>;
  /** Whether a returned row belongs to the persona. */
  owns?: (row: Row, persona: Persona) => boolean;
  /** A valid new row for an insert. */
  newRow(): Promise<Row>;
  /** A column change for an update. */
  patch: Row;
  /** An existing row the refused personas try to change or remove (never actually changed). */
  target: (persona: Persona) => string;
  /** A row's key as one string (default: its id), and the filter that finds it again. */
  keyOf?: (row: Row) => string;
  match?: (key: string) => Row;
}

const keyOf = (table: string, row: Row): string => CASES[table]!.keyOf?.(row) ?? (row.id as string);
const matchOf = (table: string, key: string): Row => CASES[table]!.match?.(key) ?? { id: key };

let db: pg.Client;
/** A campaign of Harbor Books (a customer with no login) that holds rows this file creates. */
let scratchCampaign: string;
/** campaign_screens rows made for the matrix: Corner Cafe's paused campaign on its first device, Peak Gym's on its first. */
const screenRowKey = (campaignId: string, deviceId: string) => `${campaignId}/${deviceId}`;
const CAFE_SCREEN_ROW = screenRowKey(SEED.campaigns.cafePaused, SEED.equipment.cafe[0]);
const GYM_SCREEN_ROW = screenRowKey(SEED.campaigns.gymCompleted, SEED.equipment.gym[0]);

/** The device whose paired screen the "screen" persona is (tests/db/fixtures-screen-login.sql). */
const SCREEN_DEVICE = SEED.equipment.cafe[1];

/** The venue whose rows the persona reads as its own (Corner Cafe's, for its paired screen). */
const customerOf = (p: Persona): string | undefined =>
  p === 'cafe' || p === 'screen' ? SEED.customers.cafe : p === 'gym' ? SEED.customers.gym : undefined;

/** Brightline Mobile: the advertiser persona's company, ads, network campaign and slides. */
const BRIGHTLINE = SEED.brightline;

const CASES: Record<string, TableCase> = {
  customers: {
    seeded: Object.values(SEED.customers),
    ownSeeded: { cafe: [SEED.customers.cafe], gym: [SEED.customers.gym] },
    owns: (r, p) => r.id === customerOf(p),
    newRow: async () => {
      const s = uniqueSuffix();
      return { name: `Matrix ${s}`, username: `matrix-${s}`, email: `matrix-${s}@example.test` };
    },
    patch: { notes: 'changed by the security matrix' },
    target: (p) => customerOf(p) ?? (p === 'unlinked' ? SEED.customers.books : SEED.customers.cafe),
  },
  advertisers: {
    seeded: SEED.advertisers,
    ownSeeded: { advertiser: [BRIGHTLINE.advertiser] },
    owns: (r, p) => p === 'advertiser' && r.id === BRIGHTLINE.advertiser,
    newRow: async () => ({
      advertiser_name: 'Matrix Person',
      business_name: `Matrix ${uniqueSuffix()}`,
      email: 'm@example.test',
    }),
    patch: { industry: 'Other' },
    target: (p) => (p === 'advertiser' ? BRIGHTLINE.advertiser : SEED.advertisers[0]!),
  },
  ads: {
    seeded: SEED.ads,
    ownSeeded: { advertiser: BRIGHTLINE.ads },
    owns: (r, p) => p === 'advertiser' && r.advertiser_id === BRIGHTLINE.advertiser,
    newRow: async () => ({ advertiser_id: SEED.advertisers[0], title: `Matrix ad ${uniqueSuffix()}`, daily_budget: 5 }),
    patch: { status: 'paused' },
    target: (p) => (p === 'advertiser' ? BRIGHTLINE.ads[0] : SEED.ads[0]!),
  },
  system_alerts: {
    seeded: SEED.alerts,
    newRow: async () => ({
      customer_id: SEED.customers.books,
      alert_type: 'other',
      severity: 'low',
      message: 'matrix',
    }),
    patch: { resolved: true },
    target: () => SEED.alerts[0]!,
  },
  equipment_status: {
    seeded: SEED.equipment.all,
    // The screen: its own device only (CAFE-WINDOW-01), not the venue's others.
    ownSeeded: { cafe: SEED.equipment.cafe, gym: SEED.equipment.gym, screen: [SCREEN_DEVICE] },
    owns: (r, p) => (p === 'screen' ? r.id === SCREEN_DEVICE : r.customer_id === customerOf(p)),
    newRow: async () => ({
      customer_id: SEED.customers.books,
      device_name: `MATRIX-${uniqueSuffix()}`,
      status: 'idle',
    }),
    patch: { status: 'error' },
    target: (p) => (p === 'gym' ? SEED.equipment.gym[0]! : p === 'screen' ? SCREEN_DEVICE : SEED.equipment.cafe[0]!),
  },
  campaigns: {
    seeded: Object.values(SEED.campaigns),
    ownSeeded: {
      cafe: [SEED.campaigns.cafeActive, SEED.campaigns.cafePaused],
      gym: [SEED.campaigns.gymCompleted, SEED.campaigns.gymMorning],
      screen: [SEED.campaigns.cafeActive, SEED.campaigns.cafePaused],
      advertiser: [BRIGHTLINE.campaign],
    },
    owns: (r, p) => (p === 'advertiser' ? r.advertiser_id === BRIGHTLINE.advertiser : r.customer_id === customerOf(p)),
    newRow: async () => ({ name: `Matrix ${uniqueSuffix()}`, customer_id: SEED.customers.books }),
    patch: { status: 'paused' },
    target: (p) =>
      p === 'gym' ? SEED.campaigns.gymCompleted : p === 'advertiser' ? BRIGHTLINE.campaign : SEED.campaigns.cafeActive,
  },
  campaign_items: {
    seeded: [...SEED.slides.cafe, ...SEED.slides.gym],
    ownSeeded: {
      cafe: SEED.slides.cafe,
      gym: SEED.slides.gym,
      screen: SEED.slides.cafe,
      advertiser: BRIGHTLINE.slides,
    },
    owns: (r, p) =>
      p === 'advertiser'
        ? r.campaign_id === BRIGHTLINE.campaign
        : p === 'cafe' || p === 'screen'
          ? [SEED.campaigns.cafeActive, SEED.campaigns.cafePaused].includes(r.campaign_id as never)
          : p === 'gym' && [SEED.campaigns.gymCompleted, SEED.campaigns.gymMorning].includes(r.campaign_id as never),
    newRow: async () => ({ campaign_id: scratchCampaign, title: 'Matrix slide', display_order: 1, duration: 10 }),
    patch: { title: 'changed by the security matrix' },
    target: (p) =>
      p === 'gym' ? SEED.slides.gym[0]! : p === 'advertiser' ? BRIGHTLINE.slides[0] : SEED.slides.cafe[0]!,
  },
  users: {
    seeded: Object.values(SEED.users).map((u) => u.id),
    ownSeeded: {
      cafe: [SEED.users.cafe.id],
      gym: [SEED.users.gym.id],
      unlinked: [SEED.users.unlinked.id],
      screen: [SEED.users.screen.id],
      advertiser: [SEED.users.advertiser.id],
      operator: [SEED.users.operator.id],
      sales: [SEED.users.sales.id],
      viewer: [SEED.users.viewer.id],
    },
    owns: (r, p) => p !== 'anon' && p !== 'admin' && r.id === SEED.users[p].id,
    // A users row needs an auth user: create one, then take its automatic row away.
    newRow: async () => {
      const email = `matrix-${uniqueSuffix()}@example.test`;
      const id = await createAuthUser(db, email);
      await db.query('delete from public.users where id = $1', [id]);
      return { id, email, role: 'customer' };
    },
    patch: { role: 'admin' },
    target: (p) =>
      p === 'gym' ? SEED.users.gym.id : p === 'advertiser' ? SEED.users.advertiser.id : SEED.users.cafe.id,
  },
  campaign_screens: {
    seeded: [CAFE_SCREEN_ROW, GYM_SCREEN_ROW],
    ownSeeded: { cafe: [CAFE_SCREEN_ROW], gym: [GYM_SCREEN_ROW], screen: [CAFE_SCREEN_ROW] },
    owns: (r, p) =>
      p === 'cafe' || p === 'screen'
        ? [SEED.campaigns.cafeActive, SEED.campaigns.cafePaused].includes(r.campaign_id as never)
        : p === 'gym' && r.campaign_id === SEED.campaigns.gymCompleted,
    // A new device of Harbor Books for the scratch campaign (a customer with no login).
    newRow: async () => {
      const { data, error } = await service()
        .from('equipment_status')
        .insert({ customer_id: SEED.customers.books, device_name: `MATRIX-${uniqueSuffix()}`, status: 'idle' })
        .select('id')
        .single();
      expect(error).toBeNull();
      const deviceId = (data as { id: string }).id;
      created.push(['equipment_status', deviceId]);
      return { campaign_id: scratchCampaign, device_id: deviceId };
    },
    patch: { created_at: '2026-01-01T00:00:00+00:00' },
    target: (p) => (p === 'gym' ? GYM_SCREEN_ROW : CAFE_SCREEN_ROW),
    keyOf: (r) => screenRowKey(r.campaign_id as string, r.device_id as string),
    match: (key) => {
      const [campaign_id, device_id] = key.split('/');
      return { campaign_id, device_id };
    },
  },
};

/** Rows this file created, removed again at the end. */
const created: [table: string, id: string][] = [];

/** Creates a row with the service role (or, for users, through auth.users) and returns its id. */
async function disposable(table: string): Promise<string> {
  const c = CASES[table]!;
  if (table === 'users') return createAuthUser(db, `matrix-${uniqueSuffix()}@example.test`);
  const { data, error } = await service()
    .from(table)
    .insert(await c.newRow())
    .select('*')
    .single();
  expect(error).toBeNull();
  const id = keyOf(table, data as Row);
  created.push([table, id]);
  return id;
}

async function serviceRow(table: string, id: string): Promise<Row | null> {
  const { data, error } = await service().from(table).select('*').match(matchOf(table, id)).maybeSingle();
  expect(error).toBeNull();
  return data as Row | null;
}

beforeAll(async () => {
  db = await connectDb();
  const { data, error } = await service()
    .from('campaigns')
    .insert({ name: 'Security matrix scratch', customer_id: SEED.customers.books, status: 'paused' })
    .select('id')
    .single();
  expect(error).toBeNull();
  scratchCampaign = (data as { id: string }).id;
  const screensRows = await service()
    .from('campaign_screens')
    .insert([CAFE_SCREEN_ROW, GYM_SCREEN_ROW].map((key) => CASES.campaign_screens!.match!(key)));
  expect(screensRows.error).toBeNull();
});

afterAll(async () => {
  for (const [table, id] of created.reverse()) await service().from(table).delete().match(matchOf(table, id));
  await service()
    .from('campaign_screens')
    .delete()
    .in('campaign_id', [SEED.campaigns.cafePaused, SEED.campaigns.gymCompleted]);
  if (scratchCampaign) await service().from('campaigns').delete().eq('id', scratchCampaign);
  await db?.query(`delete from auth.users where email like 'matrix-%@example.test'`);
  await db?.end();
});

describe('table access', () => {
  for (const cell of parseMatrix(TABLE_MATRIX)) {
    const table = cell.table!;
    const persona = cell.persona as Persona;
    const c = CASES[table]!;

    describe(`${table} as ${persona}`, () => {
      let sb: AnyClient;
      beforeAll(async () => {
        sb = await as(persona);
      });

      it(`select: ${cell.select}`, async () => {
        const { data, error } = await sb.from(table).select('*');
        expect(error).toBeNull();
        const rows = data as Row[];
        const ids = rows.map((r) => keyOf(table, r));
        if (cell.select === 'none') expect(rows).toEqual([]);
        if (cell.select === 'all') expect(ids).toEqual(expect.arrayContaining([...c.seeded]));
        if (cell.select === 'own') {
          expect(ids).toEqual(expect.arrayContaining([...(c.ownSeeded?.[persona] ?? [])]));
          expect(ids.length).toBeGreaterThan(0);
          for (const r of rows) expect(c.owns!(r, persona), `row ${keyOf(table, r)} is not ${persona}'s`).toBe(true);
        }
      });

      it(`insert: ${cell.insert}`, async () => {
        const row = await c.newRow();
        const { data, error } = await sb.from(table).insert(row).select('*');
        if (cell.insert === 'refused') {
          expect(error?.code).toBe('42501');
          expect(data).toBeNull();
        } else {
          expect(error).toBeNull();
          const id = keyOf(table, (data as Row[])[0]!);
          created.push([table, id]);
          expect(await serviceRow(table, id)).not.toBeNull();
        }
      });

      it(`update: ${cell.update}`, async () => {
        const id = cell.update === 'allowed' ? await disposable(table) : c.target(persona);
        const before = await serviceRow(table, id);
        const { data, error } = await sb.from(table).update(c.patch).match(matchOf(table, id)).select('*');
        expect(error).toBeNull();
        const after = await serviceRow(table, id);
        if (cell.update === 'no-op') {
          expect(data).toEqual([]);
          expect(after).toEqual(before);
        } else {
          expect(data).toHaveLength(1);
          expect(after).toMatchObject(c.patch);
        }
      });

      it(`delete: ${cell.delete}`, async () => {
        const id = cell.delete === 'allowed' ? await disposable(table) : c.target(persona);
        const { data, error } = await sb.from(table).delete().match(matchOf(table, id)).select('*');
        expect(error).toBeNull();
        if (cell.delete === 'no-op') {
          expect(data).toEqual([]);
          expect(await serviceRow(table, id)).not.toBeNull();
        } else {
          expect((data as Row[]).map((r) => keyOf(table, r))).toEqual([id]);
          expect(await serviceRow(table, id)).toBeNull();
        }
      });
    });
  }
});

describe('users cannot raise their own role', () => {
  it('a customer updating their own role changes nothing', async () => {
    const sb = await as('cafe');
    const { data, error } = await sb.from('users').update({ role: 'admin' }).eq('id', SEED.users.cafe.id).select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const { data: me } = await sb.from('users').select('role').eq('id', SEED.users.cafe.id).single();
    expect(me).toEqual({ role: 'customer' });
  });

  it("an admin's role change reaches the user's app_metadata", async () => {
    const id = await createAuthUser(db, `matrix-${uniqueSuffix()}@example.test`);
    const admin = await as('admin');
    const { data, error } = await admin.from('users').update({ role: 'admin' }).eq('id', id).select('role');
    expect(error).toBeNull();
    expect(data).toEqual([{ role: 'admin' }]);
    const { rows } = await db.query<{ role: string }>(
      `select raw_app_meta_data ->> 'role' as role from auth.users where id = $1`,
      [id],
    );
    expect(rows).toEqual([{ role: 'admin' }]);
  });

  it('the role comes from app_metadata, not user_metadata', async () => {
    const email = `matrix-${uniqueSuffix()}@example.test`;
    const { rows } = await db.query<{ id: string }>(
      `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values (gen_random_uuid(), 'authenticated', 'authenticated', $1, '{"provider":"email"}', '{"role":"admin"}', now(), now())
       returning id`,
      [email],
    );
    const id = rows[0]!.id;
    expect(await serviceRow('users', id)).toMatchObject({ email, role: 'customer' });
    await db.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' where id = $1`, [
      id,
    ]);
    expect(await serviceRow('users', id)).toMatchObject({ role: 'admin' });
  });
});

// --- Storage ------------------------------------------------------------------

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A small video (the end-to-end tests' 5-second VP8 test pattern). */
const WEBM = readFileSync(new URL('../e2e/fixtures/pattern-b.webm', import.meta.url));

/** What a matrix test stores in `bucket`: a video in ad-videos, a PNG elsewhere. */
const fileFor = (bucket: string) =>
  bucket === 'ad-videos'
    ? { bytes: WEBM, contentType: 'video/webm', extension: 'webm' }
    : { bytes: PNG, contentType: 'image/png', extension: 'png' };

/** A new object name for a matrix test in `bucket` (in the persona's folder for customer-files). */
const matrixName = (bucket: string, persona: Persona) =>
  `${bucket === 'customer-files' ? `${customerOf(persona) ?? SEED.customers.cafe}/` : ''}matrix-${uniqueSuffix()}.${fileFor(bucket).extension}`;

/** An object of the bucket that the persona owns (select-own), or that belongs to someone else. */
function ownObject(bucket: string, persona: Persona): string {
  if (persona === 'advertiser') return bucket === 'ad-videos' ? advertiserVideo : advertiserImage;
  if (bucket === 'ad-images') return SEED.images.latte;
  if (bucket === 'ad-videos') return SEED.videos.testPattern;
  return persona === 'gym' ? SEED.files.gymPhoto : SEED.files.cafePhoto;
}
function otherObject(bucket: string, persona: Persona, logo: string): string {
  if (bucket === 'ad-images') return persona === 'cafe' || persona === 'screen' ? unusedImage : SEED.images.latte;
  if (bucket === 'ad-videos') return persona === 'cafe' || persona === 'screen' ? unusedVideo : SEED.videos.testPattern;
  if (bucket === 'customer-files') return persona === 'cafe' ? SEED.files.gymPhoto : SEED.files.cafeAgreement;
  return logo;
}

/** An ad-images object and an ad-videos object no slide uses. */
let unusedImage = '';
let unusedVideo = '';
let logo = '';
/** The image and video of the slides of a network campaign of Brightline's (the advertiser persona's). */
let advertiserImage = '';
let advertiserVideo = '';
let advertiserCampaign = '';

async function uploadAsService(bucket: string, name: string): Promise<void> {
  const { bytes, contentType } = fileFor(bucket);
  const { error } = await service().storage.from(bucket).upload(name, bytes, { contentType, upsert: true });
  expect(error).toBeNull();
}

async function exists(bucket: string, name: string): Promise<boolean> {
  const { data } = await service().storage.from(bucket).download(name);
  return data !== null;
}

describe('storage access', () => {
  beforeAll(async () => {
    unusedImage = `matrix-unused-${uniqueSuffix()}.png`;
    unusedVideo = `matrix-unused-${uniqueSuffix()}.webm`;
    logo = `matrix-logo-${uniqueSuffix()}.png`;
    await uploadAsService('ad-images', unusedImage);
    await uploadAsService('ad-videos', unusedVideo);
    await uploadAsService('advertiser-logos', logo);
    advertiserImage = `matrix-brightline-${uniqueSuffix()}.png`;
    advertiserVideo = `matrix-brightline-${uniqueSuffix()}.webm`;
    await uploadAsService('ad-images', advertiserImage);
    await uploadAsService('ad-videos', advertiserVideo);
    const { data, error } = await service()
      .from('campaigns')
      .insert({
        name: 'Security matrix network',
        advertiser_id: SEED.brightline.advertiser,
        plays_on: 'targets',
        status: 'paused',
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    advertiserCampaign = (data as { id: string }).id;
    const slides = await service()
      .from('campaign_items')
      .insert([
        {
          campaign_id: advertiserCampaign,
          title: 'Matrix image',
          display_order: 1,
          image_url: advertiserImage,
          media_kind: 'image',
        },
        {
          campaign_id: advertiserCampaign,
          title: 'Matrix video',
          display_order: 2,
          image_url: advertiserVideo,
          media_kind: 'video',
        },
      ]);
    expect(slides.error).toBeNull();
  });

  afterAll(async () => {
    if (advertiserCampaign) await service().from('campaigns').delete().eq('id', advertiserCampaign);
    await service().storage.from('ad-images').remove([advertiserImage]);
    await service().storage.from('ad-videos').remove([advertiserVideo]);
  });

  for (const cell of parseMatrix(STORAGE_MATRIX)) {
    const bucket = cell.bucket!;
    const persona = cell.persona as Persona;

    describe(`${bucket} as ${persona}`, () => {
      let sb: AnyClient;
      beforeAll(async () => {
        sb = await as(persona);
      });

      if (cell['select-own'] !== '-') {
        it(`download own object: ${cell['select-own']}`, async () => {
          const { data, error } = await sb.storage.from(bucket).download(ownObject(bucket, persona));
          expect(error).toBeNull();
          expect(data?.size).toBeGreaterThan(0);
        });
      }

      it(`download someone else's object: ${cell['select-other']}`, async () => {
        const { data, error } = await sb.storage.from(bucket).download(otherObject(bucket, persona, logo));
        if (cell['select-other'] === 'refused') {
          expect(error).not.toBeNull();
          expect(data).toBeNull();
        } else {
          expect(error).toBeNull();
          expect(data?.size).toBeGreaterThan(0);
        }
      });

      it(`upload: ${cell.insert}`, async () => {
        const name = matrixName(bucket, persona);
        const { bytes, contentType } = fileFor(bucket);
        const { error } = await sb.storage.from(bucket).upload(name, bytes, { contentType });
        if (cell.insert === 'refused') {
          expect(error).not.toBeNull();
          expect(await exists(bucket, name)).toBe(false);
        } else {
          expect(error).toBeNull();
          expect(await exists(bucket, name)).toBe(true);
          await service().storage.from(bucket).remove([name]);
        }
      });

      it(`replace: ${cell.update}`, async () => {
        const name = matrixName(bucket, persona);
        await uploadAsService(bucket, name);
        const { bytes, contentType } = fileFor(bucket);
        const replacement = Buffer.concat([bytes, Buffer.from('replaced')]);
        const { error } = await sb.storage.from(bucket).update(name, replacement, { contentType });
        const { data } = await service().storage.from(bucket).download(name);
        const size = data?.size;
        if (cell.update === 'refused') {
          expect(error).not.toBeNull();
          expect(size).toBe(bytes.length);
        } else {
          expect(error).toBeNull();
          expect(size).toBe(replacement.length);
        }
        await service().storage.from(bucket).remove([name]);
      });

      it(`remove: ${cell.delete}`, async () => {
        const name = matrixName(bucket, persona);
        await uploadAsService(bucket, name);
        const { data, error } = await sb.storage.from(bucket).remove([name]);
        expect(error).toBeNull();
        if (cell.delete === 'no-op') {
          expect(data).toEqual([]);
          expect(await exists(bucket, name)).toBe(true);
          await service().storage.from(bucket).remove([name]);
        } else {
          expect(data).toHaveLength(1);
          expect(await exists(bucket, name)).toBe(false);
        }
      });
    });
  }

  it('a customer can read the image of their slide whose path carries a leading slides/', async () => {
    const name = `matrix-slide-${uniqueSuffix()}.png`;
    await uploadAsService('ad-images', name);
    const { error: e1 } = await service()
      .from('campaign_items')
      .insert({
        campaign_id: SEED.campaigns.cafePaused,
        title: 'Matrix image',
        display_order: 9,
        image_url: `slides/${name}`,
      });
    expect(e1).toBeNull();
    const cafe = await as('cafe');
    const gym = await as('gym');
    expect((await cafe.storage.from('ad-images').download(name)).error).toBeNull();
    expect((await gym.storage.from('ad-images').download(name)).error).not.toBeNull();
    await service().from('campaign_items').delete().eq('image_url', `slides/${name}`);
    await service().storage.from('ad-images').remove([name]);
  });

  it("a venue reads a slide's file only in the bucket of its kind", async () => {
    // An image in ad-images named as the venue's video slide's file is not the venue's.
    await uploadAsService('ad-images', SEED.videos.testPattern);
    const cafe = await as('cafe');
    expect((await cafe.storage.from('ad-videos').download(SEED.videos.testPattern)).error).toBeNull();
    expect((await cafe.storage.from('ad-images').download(SEED.videos.testPattern)).error).not.toBeNull();
    await service().storage.from('ad-images').remove([SEED.videos.testPattern]);
  });

  it('advertiser-logos refuses files over 2 MB and ad-images refuses PDFs', async () => {
    const admin = await as('admin');
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 1);
    const tooBig = await admin.storage
      .from('advertiser-logos')
      .upload(`matrix-big-${uniqueSuffix()}.png`, big, { contentType: 'image/png' });
    expect(tooBig.error).not.toBeNull();
    const pdf = await admin.storage
      .from('ad-images')
      .upload(`matrix-${uniqueSuffix()}.pdf`, Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' });
    expect(pdf.error).not.toBeNull();
  });
});

// --- The advertiser persona beyond the matrix's tables --------------------------

/** Tables with rows of the advertiser's own (its plays and their roll-ups), by the column that names it. */
const ADVERTISER_OWN = { plays: 'advertiser_id', play_hours: 'advertiser_id', play_days: 'advertiser_id' } as const;

describe("an advertiser's login reads nothing else of any table, and writes nothing", () => {
  const covered = new Set(parseMatrix(TABLE_MATRIX).map((c) => c.table!));
  let tables: string[] = [];
  let sb: AnyClient;

  beforeAll(async () => {
    const { rows } = await db.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v') and not c.relispartition order by 1`,
    );
    tables = rows.map((r) => r.name).filter((t) => !covered.has(t));
    sb = await as('advertiser');
  });

  it('every other table and view: its own plays only, nothing else', async () => {
    expect(tables).toEqual(expect.arrayContaining(['plays', 'play_days', 'campaign_targets', 'screen_groups']));
    const readable: Record<string, number> = {};
    for (const table of tables) {
      const { data, error } = await sb.from(table).select('*').limit(1000);
      if (error) {
        // Tables the API does not expose to logins at all (no grant) say so; that is a refusal too.
        expect(error.code, `${table}: ${error.message}`).toBe('42501');
        continue;
      }
      const rows = data as Row[];
      const column = ADVERTISER_OWN[table as keyof typeof ADVERTISER_OWN];
      if (table === 'play_labels') {
        // The names its own plays were shown under: its own campaign's, never another advertiser's.
        expect(rows.length, "the labels of the advertiser's seeded plays").toBeGreaterThan(0);
        for (const r of rows) {
          expect(r.advertiser_name, 'play_labels row of another advertiser').toBe('Brightline Mobile');
          expect(r.campaign_name).toBe('Brightline 5G on the street');
        }
      } else if (column) {
        expect(rows.length, `${table} holds the advertiser's seeded plays`).toBeGreaterThan(0);
        for (const r of rows) expect(r[column], `${table} row of another advertiser`).toBe(BRIGHTLINE.advertiser);
      } else if (rows.length > 0) {
        readable[table] = rows.length;
      }
    }
    expect(readable).toEqual({});
  });

  it('cannot add, change or remove its own plays, nor target its campaign at a screen', async () => {
    const before = await service().from('play_days').select('*').eq('advertiser_id', BRIGHTLINE.advertiser);
    const removed = await sb.from('play_days').delete().eq('advertiser_id', BRIGHTLINE.advertiser).select('*');
    expect(removed.data ?? []).toEqual([]);
    const changed = await sb
      .from('play_days')
      .update({ plays: 1 })
      .eq('advertiser_id', BRIGHTLINE.advertiser)
      .select('*');
    expect(changed.data ?? []).toEqual([]);
    const after = await service().from('play_days').select('*').eq('advertiser_id', BRIGHTLINE.advertiser);
    expect(after.data).toEqual(before.data);

    const play = await sb.from('plays').insert({
      id: crypto.randomUUID(),
      started_at: new Date().toISOString(),
      seconds: 10,
      device_id: BRIGHTLINE.playedOn,
      customer_id: SEED.customers.gym,
      campaign_id: BRIGHTLINE.campaign,
      advertiser_id: BRIGHTLINE.advertiser,
    });
    expect(play.error?.code).toBe('42501');
    const target = await sb
      .from('campaign_targets')
      .insert({ campaign_id: BRIGHTLINE.campaign, device_id: SEED.equipment.cafe[0] });
    expect(target.error?.code).toBe('42501');
  });
});
