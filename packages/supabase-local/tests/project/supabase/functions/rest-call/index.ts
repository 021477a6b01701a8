// Reads a table through the stack's REST API with supabase-js, as the caller
// (the caller's Authorization is forwarded, so RLS applies).
import { createClient } from '@supabase/supabase-js';
import { json, preflight } from '../_shared/respond.ts';

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  const authorization = req.headers.get('Authorization');
  if (!authorization) return json({ error: 'Missing Authorization' }, 401);
  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error, status } = await supabase.from('functions_fixture_notes').select('id, body').order('id');
  return json({ status, data, error: error ? { code: error.code, message: error.message } : null });
});
