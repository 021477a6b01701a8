// `npm run seed:large`: fills the running local database with a large network, to see
// the admin lists at scale: 10,000 customers, 5,000 devices and 2,000 advertisers by
// default (--customers N --devices N --advertisers N to change them).
//
// Rows go in through the REST API as the service role, in batches, with fixed ids
// (b1…, b2…, b3… prefixes) and `on conflict do nothing`, so running it again adds
// nothing and never touches the demo rows of seed.sql. The stack's address and key
// come from SUPABASE_URL / SERVICE_ROLE_KEY, else supabase/config.toml.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadConfig } from 'supabase-local';
import { seededRandom } from './seeded-random.ts';

export interface SeedLargeOptions {
  url: string;
  serviceKey: string;
  customers?: number;
  devices?: number;
  advertisers?: number;
  /** Reports progress; silent when omitted. */
  log?: (line: string) => void;
}

const BATCH = 1000;

/** A fixed id per prefix and number: b1000000-0000-4000-8000-000000000042. */
const idFor = (prefix: string, n: number) => `${prefix}000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const ADJECTIVES = ['Sunny', 'Urban', 'Golden', 'Blue', 'Harbor', 'Maple', 'Silver', 'Green', 'Royal', 'Corner', 'Summit', 'Riverside', 'Lucky', 'Bright', 'Old Town'];
const NOUNS = ['Cafe', 'Gym', 'Books', 'Bakery', 'Diner', 'Salon', 'Pharmacy', 'Market', 'Bistro', 'Studio', 'Hotel', 'Clinic', 'Garage', 'Florist', 'Pizzeria'];
const CITIES = ['New York, NY', 'Brooklyn, NY', 'Boston, MA', 'Newark, NJ', 'Austin, TX', 'Chicago, IL', 'Denver, CO', 'Seattle, WA', 'Miami, FL', 'Portland, OR'];
const STREETS = ['Main St', 'Market St', 'Water St', 'Elm Ave', 'Park Blvd', 'Mill Rd', 'Bleecker St', 'Oak Ln'];
const FIRST = ['Maria', 'James', 'Priya', 'Tom', 'Ana', 'Liam', 'Chen', 'Fatima', 'Noah', 'Olga', 'Sam', 'Ines'];
const LAST = ['Lopez', 'Chen', 'Nair', 'Becker', 'Silva', 'Murphy', 'Kim', 'Haddad', 'Novak', 'Rossi', 'Okafor', 'Berg'];
const INDUSTRIES = ['Technology', 'Healthcare', 'Finance', 'Retail', 'Food & Beverage', 'Automotive', 'Real Estate', 'Education', 'Entertainment', 'Other'];
const COMPANY_WORDS = ['Media', 'Motors', 'Labs', 'Foods', 'Health', 'Capital', 'Homes', 'Academy', 'Studios', 'Supply', 'Mobile', 'Outfitters'];

const DAY = 86_400_000;

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)]!;
}

function weighted<T extends string>(rnd: () => number, choices: readonly [T, number][]): T {
  let r = rnd();
  for (const [value, weight] of choices) {
    if ((r -= weight) < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

function customerRows(count: number, now: number) {
  const rnd = seededRandom(1);
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const name = `${pick(rnd, ADJECTIVES)} ${pick(rnd, NOUNS)} ${n}`;
    const created = new Date(now - Math.floor(rnd() * 730 * DAY));
    return {
      id: idFor('b1', n),
      name,
      username: `venue${n}`,
      email: `venue${n}@bulk.example.com`,
      location: `${1 + Math.floor(rnd() * 900)} ${pick(rnd, STREETS)}, ${pick(rnd, CITIES)}`,
      contact_phone: `+1 555 ${String(1000 + (n % 9000)).padStart(4, '0')}`,
      status: weighted(rnd, [['active', 0.7], ['inactive', 0.2], ['maintenance', 0.1]] as const),
      display_type: 'Digital Display',
      monthly_fee: 49 + Math.floor(rnd() * 450),
      signup_date: created.toISOString().slice(0, 10),
      created_at: created.toISOString(),
    };
  });
}

function deviceRows(count: number, customers: number, now: number) {
  const rnd = seededRandom(2);
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const owner = customers > 0 ? 1 + Math.floor(rnd() * customers) : null;
    // A third report within the last two minutes; the rest went quiet at some point.
    const heartbeat = rnd() < 0.33 ? now - Math.floor(rnd() * 120_000) : now - Math.floor(rnd() * 3 * DAY);
    return {
      id: idFor('b2', n),
      customer_id: owner ? idFor('b1', owner) : null,
      device_name: `SCREEN-${String(n).padStart(5, '0')}`,
      location: `${pick(rnd, ADJECTIVES)} ${pick(rnd, NOUNS)}, ${pick(rnd, ['entrance', 'counter', 'window', 'lobby', 'hall'])}`,
      status: weighted(rnd, [['online', 0.6], ['idle', 0.2], ['offline', 0.1], ['error', 0.1]] as const),
      is_active: rnd() < 0.95,
      last_heartbeat: new Date(heartbeat).toISOString(),
      last_content_update: new Date(heartbeat - Math.floor(rnd() * DAY)).toISOString(),
      created_at: new Date(now - Math.floor(rnd() * 700 * DAY)).toISOString(),
    };
  });
}

function advertiserRows(count: number, now: number) {
  const rnd = seededRandom(3);
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const first = pick(rnd, FIRST);
    const last = pick(rnd, LAST);
    return {
      id: idFor('b3', n),
      advertiser_name: `${first} ${last}`,
      business_name: `${pick(rnd, ADJECTIVES)} ${pick(rnd, COMPANY_WORDS)} ${n}`,
      business_number: `BN-${200000 + n}`,
      email: `${first.toLowerCase()}.${n}@advertiser.example.com`,
      contact_number: `+1 555 ${String(2000 + (n % 8000)).padStart(4, '0')}`,
      address: `${1 + Math.floor(rnd() * 900)} ${pick(rnd, STREETS)}, ${pick(rnd, CITIES)}`,
      industry: pick(rnd, INDUSTRIES),
      status: weighted(rnd, [['active', 0.6], ['pending', 0.15], ['inactive', 0.2], ['maintenance', 0.05]] as const),
      total_spent: Math.floor(rnd() * 5_000_000) / 100,
      created_at: new Date(now - Math.floor(rnd() * 900 * DAY)).toISOString(),
    };
  });
}

async function insertAll(opts: SeedLargeOptions, table: string, rows: Record<string, unknown>[]) {
  let added = 0;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const response = await fetch(`${opts.url}/rest/v1/${table}?on_conflict=id&select=id`, {
      method: 'POST',
      headers: {
        apikey: opts.serviceKey,
        Authorization: `Bearer ${opts.serviceKey}`,
        'Content-Type': 'application/json',
        Prefer: 'resolution=ignore-duplicates,return=representation',
        // Only the ids of rows actually added come back.
        Accept: 'application/json',
      },
      body: JSON.stringify(batch),
    });
    if (!response.ok) throw new Error(`${table}: ${response.status} ${await response.text()}`);
    added += ((await response.json()) as unknown[]).length;
  }
  opts.log?.(`${table}: ${added} added, ${rows.length - added} already there`);
  return added;
}

/** Inserts the large data set; rows already there (same ids) are left alone. */
export async function seedLarge(opts: SeedLargeOptions) {
  const { customers = 10_000, devices = 5_000, advertisers = 2_000 } = opts;
  const now = Date.now();
  await insertAll(opts, 'customers', customerRows(customers, now));
  await insertAll(opts, 'equipment_status', deviceRows(devices, customers, now));
  await insertAll(opts, 'advertisers', advertiserRows(advertisers, now));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      customers: { type: 'string' },
      devices: { type: 'string' },
      advertisers: { type: 'string' },
    },
  });
  const config = loadConfig();
  const url = process.env.SUPABASE_URL ?? process.env.VITE_SUPABASE_URL ?? config.apiUrl;
  const serviceKey = process.env.SERVICE_ROLE_KEY ?? config.serviceRoleKey;
  const t0 = performance.now();
  seedLarge({
    url,
    serviceKey,
    customers: values.customers ? Number(values.customers) : undefined,
    devices: values.devices ? Number(values.devices) : undefined,
    advertisers: values.advertisers ? Number(values.advertisers) : undefined,
    log: (line) => process.stdout.write(`${line}\n`),
  })
    .then(() => process.stdout.write(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s (${url})\n`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
