// The e-mails GoTrue sends (confirmation, magic link, recovery, invite), over
// SMTP to the local inbox, with GoTrue's send limits: a global number per hour
// and a minimum interval per address (config.auth.emailMaxFrequencySeconds).
import nodemailer, { type Transporter } from 'nodemailer';
import type { StackConfig } from '../config.ts';
import { tooManyRequests } from './errors.ts';

export type MailKind = 'signup' | 'magiclink' | 'recovery' | 'invite' | 'email_change' | 'reauthentication';

export interface MailContent {
  to: string;
  kind: MailKind;
  actionLink: string;
  otp: string;
  /** A line after the heading, e.g. which change an e-mail-change link confirms. */
  detail?: string;
}

const SUBJECTS: Record<MailKind, string> = {
  signup: 'Confirm your sign-up',
  magiclink: 'Your sign-in link',
  recovery: 'Reset your password',
  invite: 'You have been invited',
  email_change: 'Confirm the change of your e-mail address',
  reauthentication: 'Confirm reauthentication',
};

const INTROS: Record<MailKind, [string, string]> = {
  signup: ['Follow this link to confirm your e-mail address:', 'Confirm your e-mail address'],
  magiclink: ['Follow this link to sign in:', 'Sign in'],
  recovery: ['Follow this link to choose a new password:', 'Reset password'],
  invite: ['You have been invited to join. Follow this link to accept the invitation:', 'Accept the invitation'],
  email_change: ['Follow this link to confirm the change of your e-mail address:', 'Confirm the change'],
  reauthentication: ['Confirm that it is you before your change goes through.', ''],
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function renderMail(productName: string, m: MailContent): { subject: string; text: string; html: string } {
  const [intro, button] = INTROS[m.kind];
  const subject = `${productName}: ${SUBJECTS[m.kind]}`;
  const text = [
    `${productName}`,
    '',
    ...(m.detail ? [m.detail, ''] : []),
    intro,
    ...(m.actionLink ? [m.actionLink, '', `Or enter this code: ${m.otp}`] : [`Enter this code: ${m.otp}`]),
    '',
    "If you did not ask for this e-mail, you can ignore it.",
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: sans-serif">
<h2>${escapeHtml(productName)}</h2>
${m.detail ? `<p>${escapeHtml(m.detail)}</p>\n` : ''}<p>${escapeHtml(intro)}</p>
${
  m.actionLink
    ? `<p><a href="${escapeHtml(m.actionLink)}">${escapeHtml(button)}</a></p>
<p>Or enter this code: <strong>${escapeHtml(m.otp)}</strong></p>`
    : `<p>Enter this code: <strong>${escapeHtml(m.otp)}</strong></p>`
}
<p>If you did not ask for this e-mail, you can ignore it.</p>
</body></html>`;
  return { subject, text, html };
}

export interface Mailer {
  /** Throws 429 over_email_send_rate_limit when a limit is reached; otherwise counts the send. */
  reserve(address: string): void;
  /** Only the hourly limit: for sends whose minimum interval is checked elsewhere (e-mail change). */
  count(): void;
  send(m: MailContent): Promise<void>;
  close(): void;
}

export function createMailer(config: StackConfig): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    host: config.host,
    port: config.smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  const sentAt: number[] = [];
  const lastByAddress = new Map<string, number>();
  const from = `"${config.productName}" <noreply@${config.host === '127.0.0.1' ? 'localhost' : config.host}>`;

  const count = (now: number) => {
    while (sentAt.length && now - sentAt[0]! >= 3600_000) sentAt.shift();
    if (sentAt.length >= config.auth.emailRateLimitPerHour) {
      throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
    }
    sentAt.push(now);
  };

  return {
    reserve(address) {
      const now = Date.now();
      const key = address.toLowerCase();
      const last = lastByAddress.get(key);
      const interval = config.auth.emailMaxFrequencySeconds * 1000;
      if (last !== undefined && now - last < interval) {
        const wait = Math.max(1, Math.ceil((interval - (now - last)) / 1000));
        throw tooManyRequests('over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
      }
      count(now);
      lastByAddress.set(key, now);
    },
    count() {
      count(Date.now());
    },
    async send(m) {
      const { subject, text, html } = renderMail(config.productName, m);
      await transport.sendMail({ from, to: m.to, subject, text, html });
    },
    close() {
      transport.close();
    },
  };
}
