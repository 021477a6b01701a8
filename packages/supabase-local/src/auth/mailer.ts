// The e-mails GoTrue sends (confirmation, magic link, recovery, invite, e-mail change,
// reauthentication), over SMTP to the local inbox, with GoTrue's send limits: a global
// number per hour and a minimum interval per address (config.auth.emailMaxFrequencySeconds).
// Subjects and bodies are GoTrue's defaults (internal/mailer/templatemailer/templatemailer.go),
// or the project's own from config.toml's [auth.email.template.<type>] (subject,
// content_path), rendered with GoTrue's variables ({{ .ConfirmationURL }}, {{ .Token }},
// {{ .TokenHash }}, {{ .SiteURL }}, {{ .RedirectTo }}, {{ .Email }}, {{ .NewEmail }}).
// GoTrue sends HTML only; a plain-text part made from it goes along for text-only readers.
import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailTemplate, StackConfig } from '../config.ts';
import { tooManyRequests } from './errors.ts';

export type MailKind = 'signup' | 'magiclink' | 'recovery' | 'invite' | 'email_change' | 'reauthentication';

export interface MailContent {
  to: string;
  kind: MailKind;
  actionLink: string;
  otp: string;
  /** The address being changed to (e-mail change). */
  newEmail?: string;
  /** The account's current address, when the mail goes elsewhere (the new address of a change). */
  email?: string;
}

/** config.toml's template names for each kind (GoTrue's template types). */
export const TEMPLATE_NAMES: Record<MailKind, string> = {
  signup: 'confirmation',
  magiclink: 'magic_link',
  recovery: 'recovery',
  invite: 'invite',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

const DEFAULT_SUBJECTS: Record<MailKind, string> = {
  invite: "You've been invited",
  signup: 'Confirm your email address',
  recovery: 'Reset your password',
  magiclink: 'Your sign-in link',
  email_change: 'Confirm your new email address',
  reauthentication: '{{ .Token }} is your verification code',
};

const DEFAULT_BODIES: Record<MailKind, string> = {
  invite: `<h2>You've been invited</h2>

<p>You've been invited to create an account. Follow the link below to accept.</p>
<p><a href="{{ .ConfirmationURL }}">Accept invitation</a></p>`,
  signup: `<h2>Confirm your email address</h2>

<p>Follow the link below to confirm this email address and finish signing up.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>
`,
  recovery: `<h2>Reset your password</h2>

<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  magiclink: `<h2>Your sign-in link</h2>

<p>Follow the link below to sign in. This link expires shortly and can only be used once.</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>`,
  email_change: `<h2>Confirm your new email address</h2>

<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>
<p>If you didn't request this change, you can safely ignore this email.</p>`,
  reauthentication: `<h2>Your verification code</h2>

<p>Use the code below to verify your identity. It expires shortly.</p>
<p>{{ .Token }}</p>`,
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c] ?? c);
}

/**
 * Go's template substitution for `{{ .Name }}` (and `{{ .Data.key }}`): values escaped for
 * HTML in a body, as html/template does, and as they are in a subject (text/template).
 */
export function renderTemplate(template: string, vars: Record<string, unknown>, html: boolean): string {
  return template.replace(/\{\{-?\s*\.([A-Za-z_][\w.]*)\s*-?\}\}/g, (_, name: string) => {
    let value: unknown = vars;
    for (const part of name.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
    const text = value === undefined || value === null ? '' : String(value);
    return html ? escapeHtml(text) : text;
  });
}

/** A plain-text rendering of an HTML body: links keep their address, tags go. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => `${label}: ${href}`)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|div|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The subject, HTML body and its plain-text part of one e-mail. */
export function renderMail(
  m: MailContent,
  site: { siteUrl: string; templates: Partial<Record<string, EmailTemplate>> },
): { subject: string; text: string; html: string } {
  const custom = site.templates[TEMPLATE_NAMES[m.kind]];
  const link = m.actionLink ? new URL(m.actionLink) : undefined;
  const vars = {
    ConfirmationURL: m.actionLink,
    Token: m.otp,
    TokenHash: link?.searchParams.get('token') ?? '',
    SiteURL: site.siteUrl,
    RedirectTo: link?.searchParams.get('redirect_to') ?? site.siteUrl,
    Email: m.email ?? m.to,
    NewEmail: m.newEmail ?? '',
    Data: {},
  };
  const subject = renderTemplate(custom?.subject ?? DEFAULT_SUBJECTS[m.kind], vars, false);
  const html = renderTemplate(custom?.content ?? DEFAULT_BODIES[m.kind], vars, true);
  return { subject, text: htmlToText(html), html };
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
  const { senderName, adminEmail } = config.auth.email;
  const from = `"${senderName}" <${adminEmail}>`;

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
      const { subject, text, html } = renderMail(m, {
        siteUrl: config.auth.siteUrl,
        templates: config.auth.email.templates,
      });
      await transport.sendMail({ from, to: m.to, subject, text, html });
    },
    close() {
      transport.close();
    },
  };
}
