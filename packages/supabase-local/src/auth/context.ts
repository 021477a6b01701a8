// What every Auth handler gets: the stack's context plus Auth's mailer and request limits,
// and the one shape of a handler in Auth's route table (index.ts).
import type { ServerResponse } from 'node:http';
import type { StackContext, StackRequest } from '../http/server.ts';
import type { RouteMatch } from '../http/routes.ts';
import type { AuthLimiters } from './limits.ts';
import type { Mailer } from './mailer.ts';

export interface AuthContext extends StackContext {
  mailer: Mailer;
  limits: AuthLimiters;
}

export type AuthHandler = (
  ctx: AuthContext,
  req: StackRequest,
  res: ServerResponse,
  match: RouteMatch,
) => Promise<void> | void;
