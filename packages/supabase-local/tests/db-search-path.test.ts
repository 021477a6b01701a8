// Seeds and migrations run as Supabase runs them: as postgres, whose search path
// is `"$user", public, extensions` (supabase/postgres post-setup), so pgcrypto's
// functions work unqualified. The fixture project's seed.sql stores a hash made with
// crypt(..., gen_salt('bf', 4)), unqualified.
import { describe, expect, it } from 'vitest';
import { anon } from 'supabase-local/testing/vitest';

describe('db search path of seeds', () => {
  it('ran gen_salt() and crypt() unqualified while seeding', async () => {
    const { data, error } = await anon().from('rest_seeded_secrets').select('id, hash');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data?.[0].hash).toMatch(/^\$2a\$04\$[./A-Za-z0-9]{53}$/);
  });
});
