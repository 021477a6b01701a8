// Outgoing e-mail from edge functions, over SMTP (nodemailer). The server is the secret
// SMTP_URL (smtp://user:pass@host:587 with STARTTLS, smtps://…:465 for TLS); the local
// stack's development and test runs point it at their inbox. EMAIL_FROM names the sender.
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

export const DEFAULT_FROM = 'Signage Portal <alerts@signage.invalid>';

/** A sender over SMTP_URL, or null when no server is configured. */
export function smtpMailer(get: (name: string) => string | undefined = (n) => Deno.env.get(n)): SendMail | null {
  const url = get('SMTP_URL');
  if (!url) return null;
  const transport = nodemailer.createTransport(url);
  const from = get('EMAIL_FROM') || DEFAULT_FROM;
  return async (mail) => {
    await transport.sendMail({ from, ...mail });
  };
}

/** Escapes text for HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
