// Fixtures for the tests of selling the network (tests/db/network-*.test.ts): venues, screens,
// screen logins, groups, advertisers and network campaigns of each file's own, with unique
// names, made the way the app makes them (supabase-js as an admin; save_campaign for the
// campaign form), and removed again when the file ends. SQL only where no client can.
import type pg from 'pg';
import { expect } from 'vitest';
import { type AnyClient, asUser, connectDb, service, uniqueSuffix } from 'supabase-local/testing/vitest';
import { as, createAuthUser } from './db-seed.ts';

export interface Slide {
  title?: string;
  duration: number;
  display_order?: number;
  is_active?: boolean;
}

export interface NetworkCampaign {
  name: string;
  status?: 'active' | 'scheduled' | 'paused' | 'completed';
  plays_on?: 'targets' | 'network';
  targets?: ({ customer_id: string } | { group_id: string } | { device_id: string })[];
  start?: string | null;
  end?: string | null;
  windows?: { days: number[]; start: string; end: string }[];
  spots?: number;
  slides?: Slide[];
}

/** What the database answered to a write: PostgREST's status and error as supabase-js gives them. */
export interface Answer {
  status: number;
  error: { code: string; message: string; details: string | null; hint: string | null } | null;
}

/** A calendar day `days` after `day` (yyyy-mm-dd). */
export const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Today's calendar date (yyyy-mm-dd) in a time zone. */
export const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The next date on or after `from` that is the ISO weekday `isoDay` (1 Monday … 7 Sunday). */
export function nextWeekday(from: string, isoDay: number): string {
  const d = new Date(`${from}T12:00:00Z`);
  const iso = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
  return plusDays(from, (isoDay - iso + 7) % 7);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The message of a refused booking: the screen, its venue, the first day and time, booked and loop seconds. */
export function overbookedMessage(
  screen: string,
  venue: string,
  day: string,
  time: string,
  booked: number,
  loop: number,
) {
  const d = new Date(`${day}T12:00:00Z`);
  const when = `${WEEKDAYS[d.getUTCDay()]} ${day.slice(8, 10)} ${MONTHS[d.getUTCMonth()]} ${day.slice(0, 4)}`;
  return `${screen} at ${venue} would be overbooked on ${when} from ${time}: ${booked} s of its ${loop} s loop booked.`;
}

/** Everything one test file made, to remove when it ends. */
export class NetworkFixtures {
  readonly suffix = uniqueSuffix();
  admin!: AnyClient;
  db!: pg.Client;
  advertiser!: string;
  private campaigns: string[] = [];
  private devices: string[] = [];
  private venues: string[] = [];
  private groups: string[] = [];
  private users: string[] = [];
  private advertisers: string[] = [];

  async setUp(): Promise<void> {
    this.admin = await as('admin');
    this.db = await connectDb();
    this.advertiser = await this.newAdvertiser('Acme Coffee');
  }

  async tearDown(): Promise<void> {
    const s = service();
    if (this.campaigns.length) await s.from('campaigns').delete().in('id', this.campaigns);
    if (this.groups.length) await s.from('screen_groups').delete().in('id', this.groups);
    if (this.devices.length) {
      await this.db.query('delete from public.play_days where device_id = any($1::uuid[])', [this.devices]);
      await this.db.query('delete from public.play_hours where device_id = any($1::uuid[])', [this.devices]);
      await this.db.query('delete from public.plays where device_id = any($1::uuid[])', [this.devices]);
      await s.from('equipment_status').delete().in('id', this.devices);
    }
    if (this.venues.length) await s.from('customers').delete().in('id', this.venues);
    if (this.advertisers.length) await s.from('advertisers').delete().in('id', this.advertisers);
    if (this.users.length) await this.db.query('delete from auth.users where id = any($1::uuid[])', [this.users]);
    await this.db.end();
  }

  async newAdvertiser(name: string): Promise<string> {
    const { data, error } = await this.admin
      .from('advertisers')
      .insert({ advertiser_name: 'Ada Buyer', business_name: `${name} ${this.suffix}`, email: 'buyer@example.test' })
      .select('id')
      .single();
    expect(error).toBeNull();
    this.advertisers.push((data as { id: string }).id);
    return (data as { id: string }).id;
  }

  /** A venue of this file's own, with a login of its own when asked. */
  async newVenue(
    name: string,
    timeZone = 'America/New_York',
    withLogin = false,
  ): Promise<{ id: string; name: string; user?: AnyClient }> {
    const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${this.suffix}@example.test`;
    let userId: string | null = null;
    if (withLogin) {
      userId = await createAuthUser(this.db, email);
      this.users.push(userId);
    }
    const full = `${name} ${this.suffix}`;
    const { data, error } = await this.admin
      .from('customers')
      .insert({ name: full, username: email, email, time_zone: timeZone, user_id: userId })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;
    this.venues.push(id);
    return { id, name: full, ...(userId ? { user: await asUser(userId, email) } : {}) };
  }

  /** A screen at a venue (its loop the network's default unless given). */
  async newScreen(venueId: string, name: string, loopSeconds?: number): Promise<string> {
    const { data, error } = await this.admin
      .from('equipment_status')
      .insert({
        customer_id: venueId,
        device_name: name,
        status: 'online',
        ...(loopSeconds ? { loop_seconds: loopSeconds } : {}),
      })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;
    this.devices.push(id);
    return id;
  }

  /** A paired screen's login for a device, as the pairing function makes it. */
  async screenLogin(deviceId: string): Promise<AnyClient> {
    const email = `screen-${deviceId.slice(0, 8)}-${this.suffix}@screens.invalid`;
    const userId = await createAuthUser(this.db, email, { screen_device_id: deviceId });
    this.users.push(userId);
    await this.db.query('update public.equipment_status set screen_user_id = $1, paired_at = now() where id = $2', [
      userId,
      deviceId,
    ]);
    return asUser(userId, email);
  }

  async newGroup(name: string, members: string[] = []): Promise<string> {
    const { data, error } = await this.admin
      .from('screen_groups')
      .insert({ name: `${name} ${this.suffix}` })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = (data as { id: string }).id;
    this.groups.push(id);
    if (members.length) {
      const added = await this.admin
        .from('screen_group_members')
        .insert(members.map((d) => ({ group_id: id, device_id: d })));
      expect(added.error).toBeNull();
    }
    return id;
  }

  /** The save_campaign call the network campaign form makes. */
  saveArgs(c: NetworkCampaign, id?: string) {
    return {
      ...(id ? { p_id: id } : {}),
      p_name: c.name,
      p_customer_id: null,
      p_advertiser_id: this.advertiser,
      p_status: c.status ?? 'active',
      p_start_date: c.start ?? null,
      p_end_date: c.end ?? null,
      p_plays_on: c.plays_on ?? 'targets',
      p_targets: c.targets ?? [],
      p_windows: c.windows ?? [],
      p_spots_per_loop: c.spots ?? 1,
    };
  }

  /**
   * A network campaign with its slides: made paused (nothing booked yet), its slides added,
   * then saved with the status asked, so the booking check sees it whole. Returns its id
   * and the answer to the last save.
   */
  async tryCampaign(c: NetworkCampaign): Promise<{ id: string; answer: Answer }> {
    const made = await this.admin.rpc('save_campaign', this.saveArgs({ ...c, status: 'paused' }));
    expect(made.error).toBeNull();
    const id = made.data as string;
    this.campaigns.push(id);
    const slides = c.slides ?? [{ duration: 10 }];
    if (slides.length) {
      const items = await this.admin.from('campaign_items').insert(
        slides.map((s, i) => ({
          campaign_id: id,
          title: s.title ?? `Slide ${i + 1}`,
          display_order: s.display_order ?? i + 1,
          duration: s.duration,
          is_active: s.is_active ?? true,
        })),
      );
      expect(items.error).toBeNull();
    }
    const saved = await this.admin.rpc('save_campaign', this.saveArgs(c, id));
    return { id, answer: { status: saved.status, error: saved.error } };
  }

  /** A network campaign that must fit. */
  async campaign(c: NetworkCampaign): Promise<string> {
    const { id, answer } = await this.tryCampaign(c);
    expect(answer.error).toBeNull();
    return id;
  }

  /** A venue's own campaign with slides. */
  async venueCampaign(venueId: string, name: string, slides: Slide[], status = 'active'): Promise<string> {
    const { data, error } = await this.admin.rpc('save_campaign', {
      p_name: name,
      p_customer_id: venueId,
      p_status: status,
      p_plays_on: 'all',
    });
    expect(error).toBeNull();
    const id = data as string;
    this.campaigns.push(id);
    const items = await this.admin.from('campaign_items').insert(
      slides.map((s, i) => ({
        campaign_id: id,
        title: s.title ?? `Own ${i + 1}`,
        display_order: i + 1,
        duration: s.duration,
      })),
    );
    expect(items.error).toBeNull();
    return id;
  }
}

/** Expects a write refused as overbooking: 409, PT409, the message, and the detail as JSON. */
export function expectOverbooked(answer: Answer, message: string | RegExp) {
  expect(answer.status).toBe(409);
  expect(answer.error?.code).toBe('PT409');
  if (typeof message === 'string') expect(answer.error?.message).toBe(message);
  else expect(answer.error?.message).toMatch(message);
  return JSON.parse(answer.error!.details!) as {
    device_id: string;
    day: string;
    time: string;
    booked_seconds: number;
    loop_seconds: number;
  };
}
