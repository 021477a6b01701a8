// Placeholder until the local inbox lands: the mail catcher (SMTP + web inbox + API).
import type { StackConfig } from '../config.ts';

export interface Inbox {
  close(): Promise<void>;
}

export async function startInbox(_config: StackConfig): Promise<Inbox> {
  return { close: async () => {} };
}
