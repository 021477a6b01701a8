// Entry point of invite-team-member (the handler is in handler.ts, where the tests reach it).
import { createHandler, defaultDeps } from './handler.ts';

Deno.serve(createHandler(defaultDeps()));
