// alert-emails: called by the database's screen-checks job (pg_net, with the service-role
// key from Vault, checked here: the project's key, a secret key or a verified service_role JWT) when offline,
// back-online or under-delivery alerts wait to be e-mailed. It claims them
// (claim_alert_emails), sends each chosen admin one e-mail listing them all, with a link
// to each screen (or, for a network campaign that under-delivered, to the campaign), and reports the outcome (finish_alert_emails): sent; skipped when nobody
// is left to tell; released for the next minute's call when the mail server failed.
import { json } from '../_shared/cors.ts';
import { HttpError, postHandler } from '../_shared/http.ts';
import { escapeHtml, type Mail, type SendMail, smtpMailer } from '../_shared/mailer.ts';
import { bearerToken, serviceClient, supabaseEnv, type SupabaseEnv } from '../_shared/supabase-clients.ts';
import { type JwtVerifier, jwtVerifier } from '../_shared/verify-jwt.ts';

export const SERVICE_ONLY = 'Only the database job can send alert e-mails';
export const NO_MAIL_SERVER = 'SMTP_URL is not set: alert e-mails cannot be sent';

export interface ClaimedAlert {
  id: string;
  alert_type: 'offline' | 'back_online' | 'under_delivery' | string;
  severity: string;
  message: string;
  created_at: string;
  silent_since: string | null;
  ended_at: string | null;
  device_id: string | null;
  device_name: string | null;
  customer_name: string | null;
  customer_location: string | null;
  time_zone: string;
  /** An under-delivery alert's network campaign, and the day (at the venues) it fell short. */
  campaign_id?: string | null;
  campaign_name?: string | null;
  alert_day?: string | null;
}

export interface Claim {
  alerts: ClaimedAlert[];
  recipients: string[];
  portal_url: string | null;
}

export interface Deps {
  env: SupabaseEnv;
  fetch?: typeof fetch;
  send: SendMail | null;
  /** The app's address (the SITE_URL secret): links point there unless Settings names another (portal_url). */
  siteUrl?: string;
}

export function defaultDeps(): Deps {
  return { env: supabaseEnv(), send: smtpMailer(), siteUrl: Deno.env.get('SITE_URL') || undefined };
}

/** Admits the database job only: the service role, verified (_shared/verify-jwt.ts); 401 without credentials, 403 for anyone else. */
async function requireServiceRole(req: Request, verifier: JwtVerifier): Promise<void> {
  if (await verifier.isServiceRole(req)) return;
  throw new HttpError(bearerToken(req) ? 403 : 401, SERVICE_ONLY);
}

/** "14:05 on 25 Nov EST": the time in the venue's time zone (UTC when the zone is unknown). */
export function venueTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const parts = (zone: string) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      day: 'numeric',
      month: 'short',
      timeZoneName: 'short',
    }).formatToParts(at);
  let p: Intl.DateTimeFormatPart[];
  try {
    p = parts(timeZone);
  } catch {
    p = parts('UTC');
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => p.find((x) => x.type === type)?.value ?? '';
  return `${get('hour')}:${get('minute')} on ${get('day')} ${get('month')} ${get('timeZoneName')}`;
}

const title = (a: ClaimedAlert) =>
  a.alert_type === 'under_delivery'
    ? (a.campaign_name ?? 'A network campaign')
    : `${a.device_name ?? 'A screen'}${a.customer_name ? ` at ${a.customer_name}` : ''}`;

/** What an alert is, in a word or two. */
export function kindOf(a: ClaimedAlert): string {
  if (a.alert_type === 'back_online') return 'Back online';
  if (a.alert_type === 'under_delivery') return 'Under-delivery';
  return 'Offline';
}

/** The subject: one alert says what happened; several count by kind. */
export function subjectOf(alerts: ClaimedAlert[]): string {
  if (alerts.length === 1) {
    const a = alerts[0]!;
    return `${kindOf(a)}: ${title(a)}`;
  }
  const count = (type: string) => alerts.filter((a) => a.alert_type === type).length;
  const under = count('under_delivery');
  const back = count('back_online');
  const offline = alerts.length - under - back;
  const parts = [
    offline ? `${offline} ${offline === 1 ? 'screen' : 'screens'} offline` : '',
    back ? `${back} back online` : '',
    under ? `${under} ${under === 1 ? 'campaign' : 'campaigns'} under-delivered` : '',
  ].filter(Boolean);
  return `${under && !offline && !back ? 'Delivery alerts' : 'Screen alerts'}: ${parts.join(', ')}`;
}

export function screenLink(portalUrl: string | null, deviceId: string | null): string | null {
  if (!portalUrl || !deviceId) return null;
  return `${portalUrl.replace(/\/+$/, '')}/dashboard/equipment?device=${encodeURIComponent(deviceId)}`;
}

export function campaignLink(portalUrl: string | null, campaignId: string | null | undefined): string | null {
  if (!portalUrl || !campaignId) return null;
  return `${portalUrl.replace(/\/+$/, '')}/dashboard/campaigns/edit/${encodeURIComponent(campaignId)}`;
}

/** "1 Dec 2026": a calendar day as written in the alert (yyyy-mm-dd), without a time zone shift. */
export function dayText(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(at);
}

/** One e-mail body listing every alert: what, when in the venue's time, and a link (to portal_url, else `siteUrl`). */
export function composeMail(to: string, claim: Claim, siteUrl?: string): Mail {
  const portal = claim.portal_url ?? siteUrl ?? null;
  const lines = claim.alerts.map((a) => {
    if (a.alert_type === 'under_delivery') {
      const when = a.alert_day ? `day of ${dayText(a.alert_day)} at the venues` : venueTime(a.created_at, a.time_zone);
      return { a, when, link: campaignLink(portal, a.campaign_id), open: 'Open the campaign' };
    }
    const when =
      a.alert_type === 'back_online' && a.ended_at
        ? `back since ${venueTime(a.ended_at, a.time_zone)}`
        : a.silent_since
          ? `last heard ${venueTime(a.silent_since, a.time_zone)}`
          : venueTime(a.created_at, a.time_zone);
    return { a, when, link: screenLink(portal, a.device_id), open: 'Open the screen' };
  });
  const text = [
    'Signage Portal alerts',
    '',
    ...lines.flatMap(({ a, when, link }) => [
      `- ${a.message} (${when}${a.customer_location ? `, ${a.customer_location}` : ''})`,
      ...(link ? [`  ${link}`] : []),
    ]),
    '',
    'You get these e-mails because an admin chose you in Settings → Alerts.',
  ].join('\n');
  const html = [
    '<h2 style="font-family:sans-serif">Signage Portal alerts</h2>',
    '<ul style="font-family:sans-serif">',
    ...lines.map(
      ({ a, when, link, open }) =>
        `<li><strong>${escapeHtml(kindOf(a))}</strong>: ${escapeHtml(a.message)}` +
        ` <span style="color:#555">(${escapeHtml(when)}${a.customer_location ? `, ${escapeHtml(a.customer_location)}` : ''})</span>` +
        (link ? ` <a href="${escapeHtml(link)}">${open}</a>` : '') +
        '</li>',
    ),
    '</ul>',
    '<p style="font-family:sans-serif;color:#555">You get these e-mails because an admin chose you in Settings → Alerts.</p>',
  ].join('\n');
  return { to, subject: subjectOf(claim.alerts), text, html };
}

export function createHandler(deps: Deps): (req: Request) => Promise<Response> {
  const verifier = jwtVerifier(deps.env, { fetch: deps.fetch });
  return postHandler(async (req) => {
    await requireServiceRole(req, verifier);
    const db = serviceClient(deps.env, { fetch: deps.fetch });

    const { data, error } = await db.rpc('claim_alert_emails');
    if (error) throw new Error(`claim failed: ${error.message}`);
    const claim = data as Claim;
    const ids = claim.alerts.map((a) => a.id);
    if (ids.length === 0) return json({ sent: 0, alerts: 0 });

    const finish = async (outcome: 'sent' | 'skipped' | 'retry') => {
      const { error: finishError } = await db.rpc('finish_alert_emails', { p_ids: ids, p_outcome: outcome });
      if (finishError) throw new Error(`finish failed: ${finishError.message}`);
    };

    if (claim.recipients.length === 0) {
      await finish('skipped');
      return json({ sent: 0, alerts: ids.length, skipped: true });
    }
    if (!deps.send) {
      await finish('retry');
      throw new HttpError(503, NO_MAIL_SERVER);
    }

    let sent = 0;
    const failures: string[] = [];
    for (const to of claim.recipients) {
      try {
        await deps.send(composeMail(to, claim, deps.siteUrl));
        sent++;
      } catch (e) {
        failures.push(`${to}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    // Sent to someone: done (a retry would repeat it to them). Sent to nobody: next minute.
    await finish(sent > 0 ? 'sent' : 'retry');
    if (sent === 0) {
      console.error(`alert e-mails not sent: ${failures.join('; ')}`);
      throw new HttpError(502, 'The mail server refused the alert e-mails; they will be tried again');
    }
    if (failures.length) console.error(`alert e-mails partly sent: ${failures.join('; ')}`);
    return json({ sent, alerts: ids.length, failed: failures.length });
  });
}
