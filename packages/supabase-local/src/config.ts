// Reads supabase/config.toml (the same file the Supabase CLI reads) plus the
// environment, and derives everything the local stack needs: ports, keys, JWT
// settings, the redirect allow list and per-function settings.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { registerSigningKeys, type SigningJwk } from './http/jwt.ts';

/**
 * The project folder: the one whose supabase/ folder holds config.toml, migrations/,
 * functions/ and the seed, as the Supabase CLI finds it. SUPABASE_WORKDIR (the CLI's
 * `--workdir`) names it; otherwise it is the nearest folder, from the working directory
 * upward, that has supabase/config.toml.
 */
export function findProjectDir(env: NodeJS.ProcessEnv = process.env, from = process.cwd()): string {
  if (env.SUPABASE_WORKDIR) return path.resolve(env.SUPABASE_WORKDIR);
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'supabase', 'config.toml'))) return dir;
    if (path.dirname(dir) === dir) {
      throw new Error(
        `No supabase/config.toml in ${from} or any folder above it: run from a Supabase project, or set SUPABASE_WORKDIR.`,
      );
    }
  }
}

/** Supabase CLI defaults (supabase/cli: pkg/config/apikeys.go). Public demo values, not secrets. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const DEFAULT_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const DEFAULT_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/**
 * The Supabase CLI's default signing key (pkg/config/config.go, NewConfig): `supabase start`
 * hands it to GoTrue as GOTRUE_JWT_KEYS when config.toml names no signing_keys_path, so
 * sessions are ES256 with this kid. A public demo value, like the default JWT secret.
 */
export const DEFAULT_SIGNING_KEY: SigningJwk = {
  kty: 'EC',
  kid: 'b81269f1-21d8-4f2e-b719-c2240a840d90',
  use: 'sig',
  key_ops: ['sign', 'verify'],
  alg: 'ES256',
  ext: true,
  crv: 'P-256',
  x: 'M5Sjqn5zwC9Kl1zVfUUGvv9boQjCGd45G8sdopBExB4',
  y: 'P6IXMvA2WYXSHSOMTBH2jsw_9rrzGy89FjPf6oOsIxQ',
  d: 'dIhR8wywJlqlua4y_yMq2SLhlFXDZJBCvFrY1DCHyVU',
};

/** One of [auth.email.template.<type>]: a subject and the body read from content_path. */
export interface EmailTemplate {
  subject?: string;
  content?: string;
}

export interface FunctionConfig {
  verifyJwt: boolean;
}

export interface StackConfig {
  /** The project folder (see findProjectDir). */
  root: string;
  /** Its supabase/ folder: config.toml, migrations/, functions/, seed.sql, seed/. */
  supabaseDir: string;
  host: string;
  apiPort: number;
  apiUrl: string;
  dbPort: number;
  inboxPort: number;
  smtpPort: number;
  /** Folder for persistent local data (database, stored files). */
  dataDir: string;
  /** PostgreSQL connection string; when unset the embedded PGlite engine is used. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  api: {
    schemas: string[];
    extraSearchPath: string[];
    maxRows: number;
    /** PostgREST's db-aggregates-enabled (PGRST_DB_AGGREGATES_ENABLED; off under `supabase start` and on hosted projects). */
    aggregatesEnabled: boolean;
    /** PostgREST's db-plan-enabled (PGRST_DB_PLAN_ENABLED; off likewise). */
    planEnabled: boolean;
  };
  auth: {
    siteUrl: string;
    additionalRedirectUrls: string[];
    jwtExpiry: number;
    refreshTokenRotation: boolean;
    refreshTokenReuseInterval: number;
    /** [auth] enable_signup (GOTRUE_DISABLE_SIGNUP is its negation): public sign-up via /signup and OTP. */
    enableSignup: boolean;
    /** [auth.email] enable_signup (GOTRUE_EXTERNAL_EMAIL_ENABLED): the whole e-mail provider, logins included. */
    emailEnabled: boolean;
    /** [auth.email] enable_confirmations (GOTRUE_MAILER_AUTOCONFIRM is its negation). */
    enableConfirmations: boolean;
    /** [auth.email] double_confirm_changes (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED). */
    doubleConfirmChanges: boolean;
    minimumPasswordLength: number;
    emailRateLimitPerHour: number;
    emailMaxFrequencySeconds: number;
    otpLength: number;
    otpExpiry: number;
    /** [auth] enable_anonymous_sign_ins (GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED). */
    anonymousSignIns: boolean;
    /** [auth] enable_manual_linking (GOTRUE_SECURITY_MANUAL_LINKING_ENABLED): linkIdentity / unlinkIdentity. */
    manualLinking: boolean;
    /** [auth.passkey] enabled (GOTRUE_PASSKEY_ENABLED). */
    passkeys: boolean;
    /** [auth.web3.solana] / [auth.web3.ethereum] enabled (GOTRUE_EXTERNAL_WEB3_*_ENABLED). */
    web3: { solana: boolean; ethereum: boolean };
    /** [auth.mfa]: the GOTRUE_MFA_* switches (the CLI's defaults: every factor type off). */
    mfa: {
      maxEnrolledFactors: number;
      totp: { enroll: boolean; verify: boolean };
      phone: { enroll: boolean; verify: boolean };
      webAuthn: { enroll: boolean; verify: boolean };
      /** GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY: challenges and verifications per minute per IP (burst 30). */
      challengeAndVerifyPerMinute: number;
    };
    /**
     * The asymmetric keys GoTrue signs sessions with ([auth] signing_keys_path, else the
     * Supabase CLI's default ES256 key): private JWKs; the one with key_ops "sign" signs, the others only verify.
     */
    signingKeys: SigningJwk[];
    email: {
      /**
       * [auth.email.template.<type>] (invite, confirmation, recovery, magic_link,
       * email_change, reauthentication): subject and content_path, the path taken from the
       * project folder as the Supabase CLI takes it. Unset ones use GoTrue's defaults.
       */
      templates: Partial<Record<string, EmailTemplate>>;
      /** [inbucket] sender_name and admin_email: who local e-mails come from (the CLI's defaults). */
      senderName: string;
      adminEmail: string;
    };
    /** Per-IP request limits, GoTrue's tollbooth buckets: requests per 5 minutes, bursts of 30. */
    rateLimit: {
      /** [auth.rate_limit] sign_in_sign_ups → GOTRUE_RATE_LIMIT_OTP: /signup, /otp, /magiclink, /recover, /resend, PUT /user. */
      otp: number;
      /** [auth.rate_limit] token_refresh → GOTRUE_RATE_LIMIT_TOKEN_REFRESH: every POST /token grant (password, refresh_token, pkce). */
      tokenRefresh: number;
      /** [auth.rate_limit] token_verifications → GOTRUE_RATE_LIMIT_VERIFY: GET and POST /verify. */
      verify: number;
      /** [auth.rate_limit] anonymous_users → GOTRUE_RATE_LIMIT_ANONYMOUS_USERS (per hour; anonymous sign-ins are off). */
      anonymousUsers: number;
      /** [auth.rate_limit] web3 → GOTRUE_RATE_LIMIT_WEB3: POST /token?grant_type=web3. */
      web3: number;
      /** The header whose first entry is the client's IP (GOTRUE_RATE_LIMIT_HEADER); the peer address without it. */
      header: string;
    };
  };
  storage: {
    fileSizeLimit: number;
    /**
     * [storage.image_transformation] enabled (the CLI's default: off). Storage's
     * IMAGE_TRANSFORMATION_ENABLED (or ENABLE_IMAGE_TRANSFORMATION) in the environment wins.
     */
    imageTransformation: boolean;
  };
  /** [realtime] enabled: without it /realtime/v1 has no route, as under the Supabase CLI. */
  realtime: {
    enabled: boolean;
    /** The tenant's limits (see realtimeTenantLimits). */
    maxChannelsPerClient: number;
    maxJoinsPerSecond: number;
    maxEventsPerSecond: number;
  };
  functions: Record<string, FunctionConfig>;
  /** [db.vault]: Vault secrets as written in config.toml (`env(NAME)` resolved when applied, db/migrate.ts). */
  vault: Record<string, string>;
  gateway: {
    /**
     * STACK_TRUSTED_PROXIES: addresses or CIDR ranges of proxies in front of the stack whose
     * X-Forwarded-For entry names the client (http/client-address.ts). Empty by default:
     * every request is keyed on its connection's own address, whatever it claims.
     */
    trustedProxies: string[];
  };
}

type Toml = Record<string, unknown>;

function table(t: Toml | undefined, key: string): Toml {
  const v = t?.[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Toml) : {};
}
function num(v: unknown, d: number): number {
  return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : d;
}
function str(v: unknown, d: string): string {
  return typeof v === 'string' ? v : d;
}
function bool(v: unknown, d: boolean): boolean {
  return typeof v === 'boolean' ? v : d;
}

/*
 * GOTRUE_* overrides. GoTrue itself is configured by environment variables, which
 * the Supabase CLI derives from config.toml (supabase/cli internal/start/start.go):
 *   GOTRUE_DISABLE_SIGNUP                      = !([auth] enable_signup)
 *   GOTRUE_EXTERNAL_EMAIL_ENABLED              = [auth.email] enable_signup
 *   GOTRUE_MAILER_AUTOCONFIRM                  = !([auth.email] enable_confirmations)
 *   GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED  = [auth.email] double_confirm_changes
 *   GOTRUE_SMTP_MAX_FREQUENCY                  = [auth.email] max_frequency
 *   GOTRUE_RATE_LIMIT_EMAIL_SENT               = [auth.rate_limit] email_sent (the CLI only with
 *                                                [auth.email.smtp]; the local stack always applies it)
 *   GOTRUE_RATE_LIMIT_OTP                      = [auth.rate_limit] sign_in_sign_ups
 *   GOTRUE_RATE_LIMIT_TOKEN_REFRESH            = [auth.rate_limit] token_refresh
 *   GOTRUE_RATE_LIMIT_VERIFY                   = [auth.rate_limit] token_verifications
 *   GOTRUE_RATE_LIMIT_ANONYMOUS_USERS          = [auth.rate_limit] anonymous_users
 *   GOTRUE_SITE_URL                            = [auth] site_url (STACK_SITE_URL, older, also works)
 *   GOTRUE_URI_ALLOW_LIST                      = [auth] additional_redirect_urls, comma-separated
 * The local stack reads config.toml the same way, and a GOTRUE_* variable set in its
 * environment (non-empty) wins over the file, as it would for a GoTrue container.
 * Test stacks use this to loosen the request limits (testing/stack-process.ts).
 * GOTRUE_RATE_LIMIT_HEADER names the header carrying the client IP (default
 * X-Forwarded-For, as behind Kong). The older STACK_EMAIL_RATE_LIMIT and
 * STACK_EMAIL_MAX_FREQUENCY still win over both.
 */
function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** Go's strconv.ParseBool, as GoTrue's envconfig reads booleans. */
function envBool(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const v = envValue(env, name);
  if (v === undefined) return undefined;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  throw new Error(`${name}: "${v}" is not a boolean`);
}

function envNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const v = envValue(env, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name}: "${v}" is not a number`);
  return n;
}

function not(v: boolean | undefined): boolean | undefined {
  return v === undefined ? undefined : !v;
}

/** "50MiB", "2MB", "1024" → bytes (the units the Supabase CLI accepts). */
export function parseSize(v: unknown, d: number): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return d;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KMG]i?B|B)?\s*$/i.exec(v);
  if (!m) return d;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'B').toUpperCase();
  const mult: Record<string, number> = {
    B: 1,
    KB: 1000,
    MB: 1000 ** 2,
    GB: 1000 ** 3,
    KIB: 1024,
    MIB: 1024 ** 2,
    GIB: 1024 ** 3,
  };
  return Math.round(n * (mult[unit] ?? 1));
}

/** "1s", "2m", "60" → seconds. */
export function parseDuration(v: unknown, d: number): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return d;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(v);
  if (!m) return d;
  const n = Number(m[1]);
  return { ms: n / 1000, s: n, m: n * 60, h: n * 3600 }[m[2] ?? 's'] ?? d;
}

/*
 * Realtime's tenant limits. Realtime keeps them per tenant (_realtime.tenants:
 * max_channels_per_client, max_joins_per_second, max_events_per_second; lib/realtime/api/tenant.ex)
 * and fills a new tenant's from its environment (config/runtime.exs):
 *   TENANT_MAX_CHANNELS_PER_CLIENT  default 100  channels one websocket may have joined
 *   TENANT_MAX_JOINS_PER_SECOND     default 100  channel joins per second, the whole project's
 *   TENANT_MAX_EVENTS_PER_SECOND    default 100  messages per second, the whole project's
 * The Supabase CLI has no config.toml keys for them (its [realtime] has enabled, ip_version and
 * max_header_length) and seeds its one tenant with those defaults (SEED_SELF_HOST); the local
 * stack reads the same variables.
 */
function realtimeTenantLimits(env: NodeJS.ProcessEnv) {
  return {
    maxChannelsPerClient: envNumber(env, 'TENANT_MAX_CHANNELS_PER_CLIENT') ?? 100,
    maxJoinsPerSecond: envNumber(env, 'TENANT_MAX_JOINS_PER_SECOND') ?? 100,
    maxEventsPerSecond: envNumber(env, 'TENANT_MAX_EVENTS_PER_SECOND') ?? 100,
  };
}

/**
 * [auth] signing_keys_path as the Supabase CLI reads it (pkg/config/config.go): a JSON
 * array of private JWKs as `supabase gen signing-key` writes it, a relative path taken
 * from supabase/ ("failed to read signing keys" / "failed to decode signing keys" when it
 * cannot be). Without it, the CLI's default ES256 key. The keys are then checked as
 * GoTrue checks GOTRUE_JWT_KEYS when it starts (http/jwt.ts registerSigningKeys).
 * STACK_SIGNING_KEYS_PATH in the environment wins over the file's setting (absolute, or
 * relative to supabase/ likewise).
 */
export function readSigningKeys(file: string, supabaseDir: string): SigningJwk[] {
  if (!file) return [DEFAULT_SIGNING_KEY];
  const full = path.isAbsolute(file) ? file : path.join(supabaseDir, file);
  let text: string;
  try {
    text = readFileSync(full, 'utf8');
  } catch (e) {
    throw new Error(`failed to read signing keys: ${(e as Error).message}`);
  }
  let keys: unknown;
  try {
    keys = JSON.parse(text);
  } catch (e) {
    throw new Error(`failed to decode signing keys: ${full}: ${(e as Error).message}`);
  }
  if (!Array.isArray(keys)) throw new Error(`failed to decode signing keys: ${full} holds no JSON array of JWKs`);
  return keys as SigningJwk[];
}

/**
 * Auth features GoTrue has that this stack does not implement: switched on (in
 * config.toml or by their GOTRUE_* variable) they stop the stack at start-up with this
 * message, rather than answering 500 when a client reaches them. Switched off, as in
 * this project, each route answers GoTrue's own "disabled" error (auth/features.ts).
 */
function refuseUnavailableAuthFeatures(on: Record<string, boolean>): void {
  const names = Object.entries(on)
    .filter(([, enabled]) => enabled)
    .map(([name]) => name);
  if (names.length) {
    throw new Error(
      `supabase/config.toml switches on ${names.join(', ')}, which the local stack does not implement; ` +
        'switch it off here (Supabase Auth then answers its "disabled" errors) or run `supabase start`',
    );
  }
}

/**
 * [auth.email.template.*] as the Supabase CLI reads it (pkg/config/config.go resolve and
 * validate): content_path from the project folder; a template whose file cannot be read
 * stops the start, naming it.
 */
function readEmailTemplates(templates: Toml, root: string): Partial<Record<string, EmailTemplate>> {
  const out: Partial<Record<string, EmailTemplate>> = {};
  for (const [name, value] of Object.entries(templates)) {
    if (!value || typeof value !== 'object') continue;
    const t = value as Toml;
    const contentPath = str(t.content_path, '');
    let content: string | undefined;
    if (contentPath) {
      const full = path.isAbsolute(contentPath) ? contentPath : path.join(root, contentPath);
      try {
        content = readFileSync(full, 'utf8');
      } catch (e) {
        throw new Error(`Invalid config for auth.email.template.${name}.content_path: ${(e as Error).message}`, {
          cause: e,
        });
      }
    }
    out[name] = { subject: typeof t.subject === 'string' ? t.subject : undefined, content };
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const root = findProjectDir(env);
  const supabaseDir = path.join(root, 'supabase');
  const file = path.join(supabaseDir, 'config.toml');
  const toml = existsSync(file) ? (parseToml(readFileSync(file, 'utf8')) as Toml) : {};
  const api = table(toml, 'api');
  const db = table(toml, 'db');
  const inbucket = table(toml, 'inbucket');
  const auth = table(toml, 'auth');
  const authEmail = table(auth, 'email');
  const authRate = table(auth, 'rate_limit');
  const authMfa = table(auth, 'mfa');
  const factorSwitch = (name: string, envName: string) => {
    const t = table(authMfa, name);
    return {
      enroll: envBool(env, `GOTRUE_MFA_${envName}_ENROLL_ENABLED`) ?? bool(t.enroll_enabled, false),
      verify: envBool(env, `GOTRUE_MFA_${envName}_VERIFY_ENABLED`) ?? bool(t.verify_enabled, false),
    };
  };
  const jwtSecret = env.JWT_SECRET ?? DEFAULT_JWT_SECRET;
  const signingKeys = readSigningKeys(
    envValue(env, 'STACK_SIGNING_KEYS_PATH') ?? str(auth.signing_keys_path, ''),
    supabaseDir,
  );
  registerSigningKeys(jwtSecret, signingKeys);
  const web3 = table(auth, 'web3');
  const passkeys = envBool(env, 'GOTRUE_PASSKEY_ENABLED') ?? bool(table(auth, 'passkey').enabled, false);
  const web3Enabled = {
    solana: envBool(env, 'GOTRUE_EXTERNAL_WEB3_SOLANA_ENABLED') ?? bool(table(web3, 'solana').enabled, false),
    ethereum: envBool(env, 'GOTRUE_EXTERNAL_WEB3_ETHEREUM_ENABLED') ?? bool(table(web3, 'ethereum').enabled, false),
  };
  const manualLinking =
    envBool(env, 'GOTRUE_SECURITY_MANUAL_LINKING_ENABLED') ?? bool(auth.enable_manual_linking, false);
  const phoneFactors = factorSwitch('phone', 'PHONE');
  const webAuthnFactors = factorSwitch('web_authn', 'WEB_AUTHN');
  refuseUnavailableAuthFeatures({
    '[auth.passkey] enabled (passkeys)': passkeys,
    '[auth.web3.solana] enabled': web3Enabled.solana,
    '[auth.web3.ethereum] enabled': web3Enabled.ethereum,
    '[auth] enable_manual_linking (identity linking needs OAuth providers)': manualLinking,
    '[auth.mfa.phone] enroll_enabled (phone factors need an SMS provider)': phoneFactors.enroll,
    '[auth.mfa.phone] verify_enabled': phoneFactors.verify,
    '[auth.mfa.web_authn] enroll_enabled (WebAuthn factors)': webAuthnFactors.enroll,
    '[auth.mfa.web_authn] verify_enabled': webAuthnFactors.verify,
    '[auth.oauth_server] enabled (the OAuth 2.1 server)':
      envBool(env, 'GOTRUE_OAUTH_SERVER_ENABLED') ?? bool(table(auth, 'oauth_server').enabled, false),
  });
  const storage = table(toml, 'storage');
  const realtime = table(toml, 'realtime');
  const fnTable = table(toml, 'functions');

  const host = env.STACK_HOST ?? '127.0.0.1';
  const apiPort = Number(env.STACK_API_PORT ?? num(api.port, 54321));
  const functions: Record<string, FunctionConfig> = {};
  for (const [name, v] of Object.entries(fnTable)) {
    if (v && typeof v === 'object') functions[name] = { verifyJwt: bool((v as Toml).verify_jwt, true) };
  }

  return {
    root,
    supabaseDir,
    host,
    apiPort,
    apiUrl: `http://${host}:${apiPort}`,
    dbPort: Number(env.STACK_DB_PORT ?? num(db.port, 54322)),
    inboxPort: Number(env.STACK_INBOX_PORT ?? num(inbucket.port, 54324)),
    smtpPort: Number(env.STACK_SMTP_PORT ?? num(inbucket.smtp_port, 54325)),
    dataDir: path.resolve(root, env.STACK_DATA_DIR ?? '.local'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    anonKey: env.ANON_KEY ?? DEFAULT_ANON_KEY,
    serviceRoleKey: env.SERVICE_ROLE_KEY ?? DEFAULT_SERVICE_ROLE_KEY,
    publishableKey: DEFAULT_PUBLISHABLE_KEY,
    secretKey: DEFAULT_SECRET_KEY,
    api: {
      schemas: (api.schemas as string[] | undefined) ?? ['public'],
      extraSearchPath: (api.extra_search_path as string[] | undefined) ?? ['public', 'extensions'],
      maxRows: num(api.max_rows, 1000),
      aggregatesEnabled: envBool(env, 'PGRST_DB_AGGREGATES_ENABLED') ?? false,
      planEnabled: envBool(env, 'PGRST_DB_PLAN_ENABLED') ?? false,
    },
    auth: {
      siteUrl: envValue(env, 'GOTRUE_SITE_URL') ?? env.STACK_SITE_URL ?? str(auth.site_url, 'http://127.0.0.1:3000'),
      additionalRedirectUrls:
        envValue(env, 'GOTRUE_URI_ALLOW_LIST')
          ?.split(',')
          .map((u) => u.trim())
          .filter(Boolean) ??
        (auth.additional_redirect_urls as string[] | undefined) ??
        [],
      jwtExpiry: Number(env.STACK_JWT_EXPIRY ?? num(auth.jwt_expiry, 3600)),
      refreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
      refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
      enableSignup: not(envBool(env, 'GOTRUE_DISABLE_SIGNUP')) ?? bool(auth.enable_signup, true),
      emailEnabled: envBool(env, 'GOTRUE_EXTERNAL_EMAIL_ENABLED') ?? bool(authEmail.enable_signup, true),
      enableConfirmations:
        not(envBool(env, 'GOTRUE_MAILER_AUTOCONFIRM')) ?? bool(authEmail.enable_confirmations, false),
      doubleConfirmChanges:
        envBool(env, 'GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED') ?? bool(authEmail.double_confirm_changes, true),
      minimumPasswordLength: num(auth.minimum_password_length, 6),
      emailRateLimitPerHour: Number(
        env.STACK_EMAIL_RATE_LIMIT ?? envNumber(env, 'GOTRUE_RATE_LIMIT_EMAIL_SENT') ?? num(authRate.email_sent, 2),
      ),
      emailMaxFrequencySeconds: Number(
        env.STACK_EMAIL_MAX_FREQUENCY ??
          parseDuration(envValue(env, 'GOTRUE_SMTP_MAX_FREQUENCY') ?? authEmail.max_frequency, 60),
      ),
      otpLength: num(authEmail.otp_length, 6),
      otpExpiry: num(authEmail.otp_expiry, 3600),
      anonymousSignIns:
        envBool(env, 'GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED') ?? bool(auth.enable_anonymous_sign_ins, false),
      manualLinking,
      passkeys,
      web3: web3Enabled,
      mfa: {
        maxEnrolledFactors: envNumber(env, 'GOTRUE_MFA_MAX_ENROLLED_FACTORS') ?? num(authMfa.max_enrolled_factors, 10),
        totp: factorSwitch('totp', 'TOTP'),
        phone: phoneFactors,
        webAuthn: webAuthnFactors,
        challengeAndVerifyPerMinute: envNumber(env, 'GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY') ?? 15,
      },
      signingKeys,
      email: {
        templates: readEmailTemplates(table(authEmail, 'template'), root),
        senderName: str(inbucket.sender_name, 'Admin'),
        adminEmail: str(inbucket.admin_email, 'admin@email.com'),
      },
      // Defaults: the Supabase CLI's (pkg/config/templates/config.toml).
      rateLimit: {
        otp: envNumber(env, 'GOTRUE_RATE_LIMIT_OTP') ?? num(authRate.sign_in_sign_ups, 30),
        tokenRefresh: envNumber(env, 'GOTRUE_RATE_LIMIT_TOKEN_REFRESH') ?? num(authRate.token_refresh, 150),
        verify: envNumber(env, 'GOTRUE_RATE_LIMIT_VERIFY') ?? num(authRate.token_verifications, 30),
        anonymousUsers: envNumber(env, 'GOTRUE_RATE_LIMIT_ANONYMOUS_USERS') ?? num(authRate.anonymous_users, 30),
        web3: envNumber(env, 'GOTRUE_RATE_LIMIT_WEB3') ?? num(authRate.web3, 30),
        header: envValue(env, 'GOTRUE_RATE_LIMIT_HEADER') ?? 'X-Forwarded-For',
      },
    },
    storage: {
      fileSizeLimit: parseSize(storage.file_size_limit, 50 * 1024 * 1024),
      imageTransformation:
        envBool(env, 'IMAGE_TRANSFORMATION_ENABLED') ??
        envBool(env, 'ENABLE_IMAGE_TRANSFORMATION') ??
        bool(table(storage, 'image_transformation').enabled, false),
    },
    realtime: { enabled: realtime.enabled !== false, ...realtimeTenantLimits(env) },
    functions,
    vault: Object.fromEntries(
      Object.entries(table(db, 'vault')).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])),
    ),
    gateway: {
      trustedProxies: (envValue(env, 'STACK_TRUSTED_PROXIES') ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    },
  };
}
