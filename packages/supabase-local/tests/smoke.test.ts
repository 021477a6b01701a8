import { describe, expect, it } from 'vitest';
import { ENGINE, STACK_URL } from 'supabase-local/testing/vitest';

describe('gateway', () => {
  it('answers its health check', async () => {
    const r = await fetch(`${STACK_URL}/health`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'ok', database: ENGINE });
  });
});
