// Entry point of invite-advertiser (the handler is in handler.ts, where the tests reach it).
import { createHandler, defaultDeps } from './handler.ts';

Deno.serve(createHandler(defaultDeps()));
