// The rest of GoTrue's surface that supabase-js reaches (supabase/auth internal/api/api.go),
// answering as GoTrue does under this project's config.toml:
//   - anonymous sign-in (POST /signup without e-mail or phone), behind
//     [auth] enable_anonymous_sign_ins and [auth] enable_signup (anonymous.go);
//   - reauthenticate (GET /reauthenticate): a nonce mailed to the user (reauthenticate.go);
//   - the JWKS of the signing keys (GET /.well-known/jwks.json, jwks.go);
//   - switched-off features with GoTrue's own errors: SSO/SAML, passkeys, manual
//     identity linking, the OAuth 2.1 server (its admin routes included), custom OAuth
//     providers, external OAuth providers (/authorize), web3 and id_token grants
//     (middleware.go, external.go, web3.go, token_oidc.go).
import { randomInt } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { decodeJwt } from 'jose';
import { jwks } from '../http/jwt.ts';
import type { Route } from '../http/routes.ts';
import type { StackRequest } from '../http/server.ts';
import type { AuthContext, AuthHandler } from './context.ts';
import { type AuthError, badRequest, notFound, sendAuthJson, unprocessable } from './errors.ts';
import { enforceLimit } from './limits.ts';
import { objectField, readJson, requireAdmin, requireClaims, requireUser, type Body } from './request.ts';
import { issueSession } from './tokens.ts';
import { savingUser } from './users.ts';
import { hashedToken } from './verify.ts';

/** POST /signup with neither e-mail nor phone (api.go's /signup route and SignupAnonymously). */
export async function signupAnonymously(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const { config } = ctx;
  if (!config.auth.anonymousSignIns)
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  enforceLimit(config, ctx.limits.anonymous, req);
  if (!config.auth.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const body = await readJson(req);
  const data = objectField(body, 'data') ?? {};
  const session = await ctx.db.transaction(async (tx) => {
    const { rows } = await savingUser(() =>
      tx.query<{ id: string }>(
        `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data,
           created_at, updated_at, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', null,
           '{"provider": "anonymous", "providers": ["anonymous"]}'::jsonb, $1::jsonb, now(), now(), true)
         returning id::text`,
        [JSON.stringify(data)],
      ),
    );
    return issueSession(config, tx, rows[0]!.id, 'anonymous');
  });
  sendAuthJson(res, 200, session);
}

/** GET /reauthenticate: a nonce (the e-mail OTP) for updateUser({ password, nonce }). */
async function reauthenticate(ctx: AuthContext, req: StackRequest, res: ServerResponse): Promise<void> {
  const { config } = ctx;
  const claims = await requireClaims(config, req);
  await ctx.db.transaction(async (tx) => {
    const { user } = await requireUser(tx, claims);
    const email = user.row.email ?? '';
    const phone = user.row.phone ?? '';
    if (!email && !phone) {
      throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    }
    if (!email) throw unprocessable('phone_not_confirmed', 'Please verify your phone first.');
    if (!user.row.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
    ctx.mailer.reserve(email);
    const otp = String(randomInt(0, 10 ** config.auth.otpLength)).padStart(config.auth.otpLength, '0');
    const hash = hashedToken(email, otp);
    await tx.query(
      `update auth.users set reauthentication_token = $2, reauthentication_sent_at = now(), updated_at = now() where id = $1`,
      [user.row.id, hash],
    );
    await tx.query(
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
       values (gen_random_uuid(), $1, 'reauthentication_token', $2, $3, now(), now())
       on conflict (user_id, token_type) do update
         set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now(), updated_at = now()`,
      [user.row.id, hash, email],
    );
    await ctx.mailer.send({ to: email, kind: 'reauthentication', actionLink: '', otp });
  });
  sendAuthJson(res, 200, {});
}

// ------------------------------------------------------------ switched-off features

const samlDisabled = () => notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
const passkeysDisabled = () => notFound('passkey_disabled', 'Passkeys are disabled');
const linkingDisabled = () => notFound('manual_linking_disabled', 'Manual linking is disabled');
const oauthServerDisabled = () => notFound('feature_disabled', 'OAuth server is disabled');
const customProvidersDisabled = () => notFound('feature_disabled', 'Custom OAuth providers are disabled');

/** Every method GoTrue's router serves: a route group's middleware answers them all. */
const ANY = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * A route group whose feature this project keeps off, answering as GoTrue's middleware
 * does (api.go, middleware.go requireSAMLEnabled, requirePasskeyEnabled,
 * requireManualLinkingEnabled, requireOAuthServerEnabled, requireCustomOAuthEnabled), after
 * the middleware GoTrue runs before it: none, requireAuthentication ("user") or
 * requireAdminCredentials ("admin"). Features GoTrue has and this stack does not implement
 * cannot be switched on: config.ts refuses them when the stack starts.
 */
function disabled(paths: string[], error: () => AuthError, before?: 'user' | 'admin'): Route<AuthHandler>[] {
  const handler: AuthHandler = async (ctx, req) => {
    if (before === 'user') {
      const claims = await requireClaims(ctx.config, req);
      await ctx.db.transaction((tx) => requireUser(tx, claims));
    } else if (before === 'admin') {
      await requireAdmin(ctx.config, req);
    }
    throw error();
  };
  return paths.map((path) => ({ method: ANY, path, handler }));
}

/** GoTrue's provider names (api/provider_constants.go): each is off in this project. */
const OAUTH_PROVIDERS = new Set([
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'snapchat',
  'spotify',
  'slack',
  'slack_oidc',
  'twitch',
  'twitter',
  'x',
  'vercel_marketplace',
  'workos',
  'zoom',
]);

/**
 * GET /authorize, where signInWithOAuth sends the browser (external.go
 * GetExternalProviderRedirectURL and Provider): no external provider is enabled here,
 * so every one answers 400 "Unsupported provider: provider is not enabled".
 */
async function authorize(_ctx: AuthContext, req: StackRequest): Promise<never> {
  const name = (req.url.searchParams.get('provider') ?? '').toLowerCase();
  const why = name.startsWith('custom:')
    ? 'custom OAuth providers are disabled'
    : OAUTH_PROVIDERS.has(name)
      ? 'provider is not enabled'
      : `Provider ${name} could not be found`;
  throw badRequest('validation_failed', `Unsupported provider: ${why}`);
}

/** The routes of features this project keeps off ([auth.sso], [auth.passkey], enable_manual_linking, the OAuth server). */
function disabledRoutes(): Route<AuthHandler>[] {
  return [
    ...disabled(['/sso', '/sso/*'], samlDisabled),
    ...disabled(['/passkeys', '/passkeys/*'], passkeysDisabled),
    ...disabled(['/user/identities/*'], linkingDisabled, 'user'),
    // The OAuth 2.1 server: its endpoints, its metadata, a user's grants, the admin's clients.
    ...disabled(['/oauth', '/oauth/*', '/.well-known/oauth-authorization-server'], oauthServerDisabled),
    ...disabled(['/user/oauth/grants'], oauthServerDisabled, 'user'),
    ...disabled(['/admin/oauth', '/admin/oauth/*'], oauthServerDisabled, 'admin'),
    ...disabled(['/admin/custom-providers', '/admin/custom-providers/*'], customProvidersDisabled, 'admin'),
    { method: 'GET', path: '/authorize', handler: authorize },
  ];
}

// ------------------------------------------------------------ grants

/**
 * POST /token?grant_type=web3 (web3.go Web3Grant): both web3 providers are off (config.ts
 * refuses to start with one on), so GoTrue's first check answers.
 */
export async function web3Grant(_ctx: AuthContext, _req: StackRequest): Promise<never> {
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
}

/** GoTrue's OAuthError: HTTP 400 with {error, error_description} in every API version. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
};
const APPLE_ISSUERS = ['https://appleid.apple.com', 'https://account.apple.com'];

function tokenIssuer(idToken: string): string | undefined {
  try {
    const iss = decodeJwt(idToken).iss;
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

const providerDisabled = (issuer: string) =>
  badRequest('provider_disabled', `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`);

/**
 * POST /token?grant_type=id_token (token_oidc.go IdTokenGrant, getProvider): no external
 * provider is enabled in this project, so every known provider answers provider_disabled.
 */
export async function idTokenGrant(ctx: AuthContext, req: StackRequest): Promise<never> {
  const body: Body = await readJson(req);
  const idToken = typeof body.id_token === 'string' ? body.id_token : '';
  const provider = typeof body.provider === 'string' ? body.provider : '';
  const issuer = typeof body.issuer === 'string' ? body.issuer : '';
  const clientId = typeof body.client_id === 'string' ? body.client_id : '';
  if (!idToken) throw new OAuthError('invalid request', 'id_token required');
  if (!provider && (!clientId || !issuer))
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  if (body.link_identity === true) {
    if (!req.authorization)
      throw new OAuthError('invalid request', 'Linking requires a valid user access token in Authorization');
    const claims = await requireClaims(ctx.config, req);
    await ctx.db.transaction((tx) => requireUser(tx, claims));
  }
  if (provider === 'apple' || APPLE_ISSUERS.includes(issuer)) {
    const detected = tokenIssuer(idToken);
    if (!detected) throw badRequest('validation_failed', 'Unable to detect issuer in ID token for Apple provider');
    if (!APPLE_ISSUERS.includes(detected)) {
      throw badRequest('validation_failed', 'Detected ID token issuer is not an Apple ID token issuer');
    }
    if (issuer && issuer !== detected)
      throw badRequest('validation_failed', 'Provided issuer does not match ID token issuer');
    throw providerDisabled(detected);
  }
  const fixed = Object.entries(ISSUERS).find(([name, iss]) => provider === name || issuer === iss);
  if (fixed) throw providerDisabled(fixed[1]);
  if (
    provider === 'azure' ||
    issuer.startsWith('https://login.microsoftonline.com/') ||
    issuer.startsWith('https://sts.windows.net/')
  ) {
    const detected = tokenIssuer(idToken);
    if (!detected) throw badRequest('validation_failed', 'Unable to detect issuer in ID token for Azure provider');
    if (
      !detected.startsWith('https://login.microsoftonline.com/') &&
      !detected.startsWith('https://sts.windows.net/')
    ) {
      throw badRequest('validation_failed', 'Detected ID token issuer is not an Azure ID token issuer');
    }
    if (issuer && issuer !== detected)
      throw badRequest('validation_failed', 'Provided issuer does not match ID token issuer');
    throw providerDisabled(detected);
  }
  if (provider === 'keycloak') throw providerDisabled('');
  if (provider.startsWith('custom:')) throw badRequest('validation_failed', 'Custom OAuth providers are disabled');
  throw badRequest('validation_failed', `Custom OIDC provider ${JSON.stringify(provider)} not allowed`);
}

export const featureRoutes: Route<AuthHandler>[] = [
  {
    method: 'GET',
    path: '/.well-known/jwks.json',
    handler: (ctx, _req, res) =>
      sendAuthJson(res, 200, jwks(ctx.config.jwtSecret), { 'Cache-Control': 'public, max-age=600' }),
  },
  { method: 'GET', path: '/reauthenticate', handler: reauthenticate },
  ...disabledRoutes(),
];
