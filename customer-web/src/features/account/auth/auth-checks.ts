import { loginRequestSchema, passwordResetRequestSchema, passwordResetSchema, registerRequestSchema, type LoginRequest, type PasswordReset, type RegisterRequest } from '@optik/shared';
import { schemaErrors } from '../../../form';

/**
 * What the account pages need only once the customer acts, in a module of its own because the
 * shared schemas bring zod (~13 KB gzip): loaded on the first submit, or with the first call whose
 * answer is checked by a schema here (./auth-client), not with the page (first-load JS, issue 5).
 * The checks give the same field errors as the schemas always did.
 */
export const loginErrors = (body: LoginRequest) => schemaErrors(loginRequestSchema.safeParse(body));
export const registerErrors = (body: RegisterRequest) => schemaErrors(registerRequestSchema.safeParse(body));
export const resetRequestErrors = (body: { email: string }) => schemaErrors(passwordResetRequestSchema.safeParse(body));
export const resetErrors = (body: PasswordReset) => schemaErrors(passwordResetSchema.safeParse(body));

/** The answers of the account calls the typed API client has no name for. */
export { accountActionResponseSchema, accountDetailsResponseSchema, eidCallbackResponseSchema, eidStartResponseSchema, sessionResponseSchema, termsResponseSchema } from '@optik/shared';
