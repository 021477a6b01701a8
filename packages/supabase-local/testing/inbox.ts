// Reads the local inbox (maildev's REST API) the way a person reads their mail:
// the latest message to an address, and the link or code in it.

export interface InboxMessage {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string; name: string }[];
  time: string;
}

export interface InboxClient {
  /** Every message, oldest first. */
  all(): Promise<InboxMessage[]>;
  clear(): Promise<void>;
  /** Waits for a message to `address` newer than `after` (ms since epoch) and returns the latest. */
  latest(address: string, opts?: { after?: number; timeoutMs?: number }): Promise<InboxMessage>;
  /** How many messages `address` has received. */
  count(address: string): Promise<number>;
}

export function inbox(baseUrl: string): InboxClient {
  async function all(): Promise<InboxMessage[]> {
    const r = await fetch(`${baseUrl}/email`);
    if (!r.ok) throw new Error(`inbox answered ${r.status}`);
    return (await r.json()) as InboxMessage[];
  }
  const to = (m: InboxMessage, address: string) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase());
  return {
    all,
    async clear() {
      await fetch(`${baseUrl}/email/all`, { method: 'DELETE' });
    },
    async latest(address, { after = 0, timeoutMs = 5000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // A message's time comes from its Date header, which has whole seconds only.
        const found = (await all()).filter((m) => to(m, address) && new Date(m.time).getTime() >= after - 1000);
        const last = found.sort((a, b) => new Date(a.time).getTime() - new Date(b.time).getTime()).at(-1);
        if (last) return last;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${address} arrived within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async count(address) {
      return (await all()).filter((m) => to(m, address)).length;
    },
  };
}

/** The /auth/v1/verify link of a message (from its plain-text part). */
export function verifyLink(message: InboxMessage): string {
  const m = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(message.text);
  if (!m) throw new Error(`no verify link in "${message.subject}"`);
  return m[0];
}

/** The one-time code of a message. */
export function otpCode(message: InboxMessage): string {
  const m = /code: (\d{6,10})/.exec(message.text);
  if (!m) throw new Error(`no code in "${message.subject}"`);
  return m[1]!;
}
