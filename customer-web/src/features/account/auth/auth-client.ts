import {
  accountActionResponseSchema,
  accountDetailsResponseSchema,
  eidCallbackResponseSchema,
  eidStartResponseSchema,
  sessionResponseSchema,
  termsResponseSchema,
  type AccountDetailsUpdate,
  type EidCallbackRequest,
  type PasswordChange,
  type PasswordReset,
} from '@optik/shared';
import { api, type Api } from '../../../api';

/** The account calls of the shop, typed by the shared schemas (the components take it as a prop, so tests can fake it). */
export function createAuthClient(client: Api) {
  return {
    me: client.me,
    login: client.login,
    logout: client.logout,
    register: client.register,
    resendVerification: client.resendVerification,
    terms: () => client.get(termsResponseSchema, '/api/auth/terms'),
    acceptTerms: (version: number) => client.post(sessionResponseSchema, '/api/auth/accept-terms', { version }),
    requestPasswordReset: (email: string) => client.post(accountActionResponseSchema, '/api/auth/password-reset/request', { email }),
    resetPassword: (body: PasswordReset) => client.post(sessionResponseSchema, '/api/auth/password-reset', body),
    details: () => client.get(accountDetailsResponseSchema, '/api/account/details'),
    updateDetails: (body: AccountDetailsUpdate) => client.post(accountDetailsResponseSchema, '/api/account/details', body),
    changePassword: (body: PasswordChange) => client.post(accountActionResponseSchema, '/api/account/password', body),
    eidStart: (requestCpr = false) => client.post(eidStartResponseSchema, '/api/eid/start', { requestCpr }),
    eidCallback: (body: EidCallbackRequest) => client.post(eidCallbackResponseSchema, '/api/eid/callback', body),
  };
}
export type AuthClient = ReturnType<typeof createAuthClient>;

export const authClient = createAuthClient(api);
