// Served without JWT verification (verify_jwt = false in config.toml).
import { json, preflight } from '../_shared/respond.ts';

Deno.serve((req) => preflight(req) ?? json({ open: true, authorization: req.headers.get('authorization') }));
