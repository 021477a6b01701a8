// Supabase Auth's MFA answers for component tests, shaped as GoTrue sends them
// (POST /factors, /factors/:id/challenge, /factors/:id/verify, DELETE /factors/:id,
// and users and sessions that carry factors and an aal claim).
import { http, HttpResponse } from 'msw';
import { authUrl, fakeJwt, fakeUser, sessionFor } from './supabase-mocks';

export const FACTOR_ID = '9d1f5a8e-0000-4000-8000-0000000000f1';

export function fakeFactor(status: 'verified' | 'unverified' = 'verified', id = FACTOR_ID) {
  return {
    id,
    friendly_name: 'Authenticator app',
    factor_type: 'totp',
    status,
    created_at: '2026-11-20T09:30:00.000Z',
    updated_at: '2026-11-20T09:31:00.000Z',
    phone: '',
    last_challenged_at: null,
  };
}

/** A user as GET /auth/v1/user answers it, with these factors. */
export function userWithFactors(factors: ReturnType<typeof fakeFactor>[], email = 'admin@example.com') {
  return { ...fakeUser(email), ...(factors.length ? { factors } : {}) };
}

/** A session whose access token has the given aal (and the user's factors). */
export function sessionWithAal(aal: 'aal1' | 'aal2', factors: ReturnType<typeof fakeFactor>[] = [fakeFactor()]) {
  const user = userWithFactors(factors);
  return { ...sessionFor(user), access_token: fakeJwt({ aal, session_id: 'session-1' }) };
}

/** Answers GET /auth/v1/user with the user `factors()` returns at that moment. */
export const onGetUser = (factors: () => ReturnType<typeof fakeFactor>[]) =>
  http.get(authUrl('/user'), () => HttpResponse.json(userWithFactors(factors())));

/** A TOTP enrolment answer (qr_code is raw SVG; supabase-js makes it a data: URL). */
export function enrolAnswer(id = FACTOR_ID) {
  return {
    id,
    type: 'totp',
    friendly_name: 'Authenticator app',
    totp: {
      qr_code: '<svg xmlns="http://www.w3.org/2000/svg" width="3" height="3"></svg>',
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      uri: `otpauth://totp/Signage%20Portal:admin@example.com?algorithm=SHA1&digits=6&issuer=Signage%20Portal&period=30&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP`,
    },
  };
}

export const onChallenge = (id = FACTOR_ID) =>
  http.post(authUrl(`/factors/${id}/challenge`), () =>
    HttpResponse.json({
      id: 'c4a11e00-0000-4000-8000-000000000001',
      type: 'totp',
      expires_at: Math.floor(Date.now() / 1000) + 300,
    }),
  );
