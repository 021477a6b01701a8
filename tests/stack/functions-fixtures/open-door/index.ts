// Served without JWT verification (listed in STACK_FUNCTIONS_NO_VERIFY).
import { json, preflight } from '../../../../supabase/functions/_shared/cors.ts';

Deno.serve((req) => preflight(req) ?? json({ open: true, authorization: req.headers.get('authorization') }));
