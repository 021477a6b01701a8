// The seeded logins work through real sign-in, and what each signed-in person
// then reads is decided by the database's policies.
import { describe, expect, it } from 'vitest';
import { anon } from 'supabase-local/testing/vitest';
import { SEED } from './db-seed.ts';

async function signIn(email: string, password: string) {
  const sb = anon();
  const { data, error } = await sb.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { sb, user: data.user! };
}

describe('seeded logins', () => {
  it('the admin signs in, has the admin role in users and in app_metadata, and sees every customer', async () => {
    const { sb, user } = await signIn('admin@example.com', 'demo-admin-pass');
    expect(user.id).toBe(SEED.users.admin.id);
    expect(user.app_metadata.role).toBe('admin');
    const { data: me } = await sb.from('users').select('role').eq('id', user.id).single();
    expect(me).toEqual({ role: 'admin' });
    const { data: customers } = await sb.from('customers').select('id');
    expect(customers?.map((c) => c.id)).toEqual(expect.arrayContaining(Object.values(SEED.customers)));
  });

  it('Corner Cafe signs in and sees its own account, active campaign with five slides, its images and its video', async () => {
    const { sb, user } = await signIn('cafe@example.com', 'demo-customer-pass');
    const { data: me } = await sb.from('users').select('role').eq('id', user.id).single();
    expect(me).toEqual({ role: 'customer' });
    const { data: customer } = await sb.from('customers').select('name, status').eq('email', user.email!).single();
    expect(customer).toEqual({ name: 'Corner Cafe', status: 'active' });
    const { data: campaigns, error } = await sb
      .from('campaigns')
      .select('name, campaign_items(slide_type, image_url, media_kind, settings, display_order)')
      .eq('status', 'active')
      .order('display_order', { referencedTable: 'campaign_items' });
    expect(error).toBeNull();
    expect(campaigns).toHaveLength(1);
    const slides = campaigns![0]!.campaign_items as {
      slide_type: string;
      image_url: string | null;
      media_kind: 'image' | 'video';
      settings: { location?: string };
    }[];
    expect(slides.map((s) => [s.slide_type, s.media_kind])).toEqual([
      ['advertisement', 'image'],
      ['promotional', 'image'],
      ['weather', 'image'],
      ['news', 'image'],
      ['advertisement', 'video'],
    ]);
    expect(slides[2]!.settings.location).toBe('New York');
    for (const s of slides.filter((x) => x.image_url)) {
      const video = s.media_kind === 'video';
      const { data, error: e } = await sb.storage
        .from(video ? 'ad-videos' : 'ad-images')
        .createSignedUrl(s.image_url!, 3600);
      expect(e).toBeNull();
      const file = await fetch(data!.signedUrl);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(video ? 'video/webm' : 'image/png');
      await file.arrayBuffer();
    }
    expect(slides.filter((x) => x.image_url).map((x) => x.media_kind)).toContain('video');
  });

  it('Peak Gym signs in, is in maintenance and has one active campaign, for its mornings only', async () => {
    const { sb } = await signIn('gym@example.com', 'demo-customer-pass');
    const { data: customer } = await sb.from('customers').select('name, status').single();
    expect(customer).toEqual({ name: 'Peak Gym', status: 'maintenance' });
    const { data: active } = await sb
      .from('campaigns')
      .select('name, campaign_windows(days, start_time, end_time)')
      .eq('status', 'active');
    expect(active).toEqual([
      {
        name: 'Gym Morning Classes',
        campaign_windows: expect.arrayContaining([
          { days: [1, 2, 3, 4, 5], start_time: '06:00:00', end_time: '10:00:00' },
          { days: [6], start_time: '08:00:00', end_time: '12:00:00' },
        ]),
      },
    ]);
  });

  it("Brightline Mobile's advertiser signs in and sees its own network campaign with plays, and no venue", async () => {
    const { sb, user } = await signIn('james@brightline.example.com', 'demo-advertiser-pass');
    expect(user.id).toBe(SEED.users.advertiser.id);
    expect(user.app_metadata.role).toBe('advertiser');
    const { data: me } = await sb.from('users').select('role').eq('id', user.id).single();
    expect(me).toEqual({ role: 'advertiser' });
    const { data: company } = await sb.from('advertisers').select('id, business_name');
    expect(company).toEqual([{ id: SEED.brightline.advertiser, business_name: 'Brightline Mobile' }]);

    const { data: campaigns, error } = await sb.rpc('advertiser_campaigns');
    expect(error).toBeNull();
    expect(campaigns).toEqual([
      expect.objectContaining({ id: SEED.brightline.campaign, name: 'Brightline 5G on the street', kind: 'network' }),
    ]);
    expect(Number(campaigns![0]!.plays)).toBeGreaterThan(0);

    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const { data: report } = await sb.rpc('campaign_performance', {
      p_campaign_id: SEED.brightline.campaign,
      p_from: weekAgo,
      p_to: today,
    });
    const r = report as { totals: { plays: number; venues: number }; venues: { name: string; address: string }[] };
    expect(r.totals.plays).toBeGreaterThan(0);
    expect(r.venues).toEqual([expect.objectContaining({ name: 'Peak Gym', address: '480 Fitness Ave, Brooklyn, NY' })]);

    const { data: venues } = await sb.from('customers').select('id');
    expect(venues).toEqual([]);
  });

  it('a wrong password is refused', async () => {
    const { error } = await anon().auth.signInWithPassword({ email: 'cafe@example.com', password: 'wrong-password' });
    expect(error?.code).toBe('invalid_credentials');
  });
});
