import { SOMETHING_WENT_WRONG, type AccountDetailsUpdate, type ApiResult, type EidCallbackRequest, type PasswordChange, type PasswordReset } from '@optik/shared';
import { api, type Api } from '../../../api';
import { loadOnce } from '../../../load-once';

/** The account pages' schemas (form checks, some answers): loaded when first needed (./auth-checks). */
export const loadAuthChecks = loadOnce(() => import('./auth-checks'));
type Checks = Awaited<ReturnType<typeof loadAuthChecks>>;

/** A call whose answer is checked by a schema in ./auth-checks; when that cannot be loaded (offline) the call fails as it would offline. */
async function withSchemas<T>(call: (checks: Checks) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  let checks: Checks;
  try {
    checks = await loadAuthChecks();
  } catch {
    return { ok: false, status: 0, error: { code: 'internal', message: SOMETHING_WENT_WRONG } };
  }
  return call(checks);
}

/** The account calls of the shop, typed by the shared schemas (the components take it as a prop, so tests can fake it). */
export function createAuthClient(client: Api) {
  return {
    me: client.me,
    login: client.login,
    logout: client.logout,
    register: client.register,
    resendVerification: client.resendVerification,
    terms: () => withSchemas((s) => client.get(s.termsResponseSchema, '/api/auth/terms')),
    acceptTerms: (version: number) => withSchemas((s) => client.post(s.sessionResponseSchema, '/api/auth/accept-terms', { version })),
    requestPasswordReset: (email: string) => withSchemas((s) => client.post(s.accountActionResponseSchema, '/api/auth/password-reset/request', { email })),
    resetPassword: (body: PasswordReset) => withSchemas((s) => client.post(s.sessionResponseSchema, '/api/auth/password-reset', body)),
    details: () => withSchemas((s) => client.get(s.accountDetailsResponseSchema, '/api/account/details')),
    updateDetails: (body: AccountDetailsUpdate) => withSchemas((s) => client.post(s.accountDetailsResponseSchema, '/api/account/details', body)),
    changePassword: (body: PasswordChange) => withSchemas((s) => client.post(s.accountActionResponseSchema, '/api/account/password', body)),
    eidStart: (requestCpr = false) => withSchemas((s) => client.post(s.eidStartResponseSchema, '/api/eid/start', { requestCpr })),
    eidCallback: (body: EidCallbackRequest) => withSchemas((s) => client.post(s.eidCallbackResponseSchema, '/api/eid/callback', body)),
  };
}
export type AuthClient = ReturnType<typeof createAuthClient>;

export const authClient = createAuthClient(api);
