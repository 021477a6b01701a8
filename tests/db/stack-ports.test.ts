// Two stacks side by side on one machine, each on ports of its own (as STACK_API_PORT and
// APP_PORT allow): every address each one uses is its own. Vault's project_url (config.toml's
// [db.vault], set on start) names its own API, so its screen-checks job calls its own
// alert-emails function, which mails its own inbox with links to its own app; Auth's site
// URL (the default redirect of its e-mail links) is its own app's.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, inbox } from 'supabase-local/testing';
import { ENGINE, portAbove, SERVICE_ROLE_KEY } from 'supabase-local/testing/vitest';
import type { TestStack } from 'supabase-local/testing';
import { startProductStack } from '../support/product-stack.ts';

interface Side {
  stack: TestStack;
  appUrl: string;
}

const sides: Side[] = [];

beforeAll(async () => {
  const first = portAbove(200);
  const started = await Promise.allSettled(
    [first, first + 50].map(async (base) => {
      const appUrl = `http://127.0.0.1:${base + 80}`;
      const stack = await startProductStack({
        engine: ENGINE,
        basePort: base,
        name: `test-${ENGINE}-${base}-ports`,
        env: { STACK_SITE_URL: appUrl },
      });
      return { stack, appUrl };
    }),
  );
  for (const s of started) if (s.status === 'fulfilled') sides.push(s.value);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}, 240_000);

afterAll(async () => {
  for (const side of sides) await side.stack.stop();
});

const serviceOf = (side: Side) => createTestClient(side.stack.url, SERVICE_ROLE_KEY);

async function vaultSecret(side: Side, name: string): Promise<string | undefined> {
  const db = new pg.Client({ connectionString: side.stack.dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ value: string }>(
      `select decrypted_secret as value from vault.decrypted_secrets where name = $1`,
      [name],
    );
    return rows[0]?.value;
  } finally {
    await db.end();
  }
}

describe('two stacks on one machine', () => {
  it('each keeps its own API URL and key in Vault for its jobs', async () => {
    expect(sides[0]!.stack.url).not.toBe(sides[1]!.stack.url);
    for (const side of sides) {
      expect(await vaultSecret(side, 'project_url')).toBe(side.stack.url);
      expect(await vaultSecret(side, 'service_role_key')).toBe(SERVICE_ROLE_KEY);
    }
  });

  it('each sends its e-mail links to its own app by default', async () => {
    for (const side of sides) {
      const email = `ports-${Math.random().toString(36).slice(2, 10)}@example.test`;
      const admin = serviceOf(side).auth.admin;
      expect((await admin.createUser({ email, email_confirm: true })).error).toBeNull();
      const { data, error } = await admin.generateLink({ type: 'magiclink', email });
      expect(error).toBeNull();
      expect(data.properties!.redirect_to).toBe(side.appUrl);
    }
  });

  it('each one’s screen-checks job calls its own alert-emails function, which mails its own inbox and links its own app', async () => {
    const names = sides.map((_, i) => `Ports screen ${i} ${Math.random().toString(36).slice(2, 8)}`);
    const asked = Date.now();
    for (const [i, side] of sides.entries()) {
      const sb = serviceOf(side);
      const { data, error } = await sb
        .from('equipment_status')
        .insert({
          customer_id: 'c0000000-0000-4000-8000-000000000002',
          device_name: names[i],
          status: 'online',
          is_active: true,
          last_heartbeat: new Date(Date.now() - 20 * 60_000).toISOString(),
        })
        .select('id')
        .single();
      expect(error).toBeNull();
      expect((await sb.rpc('run_screen_checks')).error).toBeNull();
      const device = (data as { id: string }).id;

      const mail = inbox(`http://127.0.0.1:${side.stack.env.STACK_INBOX_PORT}`);
      const deadline = Date.now() + 30_000;
      let found: Awaited<ReturnType<typeof mail.all>>[number] | undefined;
      while (!found) {
        found = (await mail.all()).find((m) => new Date(m.time).getTime() >= asked - 2000 && m.text.includes(names[i]!));
        if (!found) {
          if (Date.now() > deadline) throw new Error(`no alert e-mail for ${names[i]} in its own stack's inbox`);
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      expect(found.text).toContain(`${side.appUrl}/dashboard/equipment?device=${device}`);
    }
    // Neither inbox holds the other's alert.
    for (const [i, side] of sides.entries()) {
      const other = names[1 - i]!;
      const all = await inbox(`http://127.0.0.1:${side.stack.env.STACK_INBOX_PORT}`).all();
      expect(all.filter((m) => m.text.includes(other))).toEqual([]);
    }
  });
});
