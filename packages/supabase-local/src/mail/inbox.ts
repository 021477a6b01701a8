// The local mail catcher (what Inbucket/Mailpit are in Supabase's local stack):
// maildev receives the auth service's SMTP on config.smtpPort and shows the
// messages at http://<host>:<inboxPort>, with its REST API (GET /email,
// DELETE /email/all) on the same port.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import MailDev from 'maildev';
import type { StackConfig } from '../config.ts';

export interface Inbox {
  close(): Promise<void>;
}

export async function startInbox(config: StackConfig): Promise<Inbox> {
  const mailDirectory = path.join(config.dataDir, 'inbox');
  rmSync(mailDirectory, { recursive: true, force: true });
  mkdirSync(mailDirectory, { recursive: true });
  // maildev installs its own SIGINT/SIGTERM handlers that exit the process;
  // the stack stops it itself, so those handlers are taken off again.
  const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
  const server = MailDev({
    smtp: config.smtpPort,
    web: config.inboxPort,
    ip: config.host,
    webIp: config.host,
    silent: true,
    mailDirectory,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const l of process.listeners(signal)) if (!before[signal].includes(l)) process.off(signal, l);
  }
  await server.listen();
  let closed = false;
  return {
    close: () =>
      new Promise<void>((resolve) => {
        if (closed) return resolve();
        closed = true;
        server.close(() => resolve());
      }),
  };
}
