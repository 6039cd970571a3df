import { z } from 'zod/mini';
import './zod-locale';
import { isValidEmail, normalizeEmail } from '../domain/email';
import { isValidName } from '../domain/names';
import { isValidPassword } from '../domain/password';
import { isValidPhone, normalizePhone } from '../domain/phone';
import { da } from '../messages/da';
import { maxChars } from './common';
import { roleSchema } from './enums';
import { TEXT_MAX } from './limits';

const v = da.validation;
/** Trimmed, not empty, and at most `max` characters before any format rule looks at it. */
const required = (max: number) => z.string({ error: v.required }).check(z.trim(), z.minLength(1, v.required), maxChars(max));

export const emailField = z.pipe(required(TEXT_MAX.email).check(z.refine(isValidEmail, v.email)), z.transform(normalizeEmail));
export const nameField = required(TEXT_MAX.name).check(z.refine(isValidName, v.name));
export const phoneField = z.pipe(
  required(TEXT_MAX.phone).check(z.refine(isValidPhone, v.phone)),
  z.transform((p: string) => normalizePhone(p) ?? p),
);
export const passwordField = z.string({ error: v.required }).check(maxChars(TEXT_MAX.password), z.refine(isValidPassword, v.password));
/** The repeat of a new password, and a password checked against a stored one: the same limit. */
export const passwordInput = z.string({ error: v.required }).check(maxChars(TEXT_MAX.password));

export const registerRequestSchema = z
  .object({
    firstName: nameField,
    lastName: nameField,
    email: emailField,
    phone: phoneField,
    password: passwordField,
    passwordRepeat: passwordInput,
    acceptTerms: z.literal(true, { error: v.termsRequired }),
  })
  .check(z.refine((r) => r.password === r.passwordRepeat, { message: v.passwordMismatch, path: ['passwordRepeat'] }));
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailField,
  password: z.string({ error: v.required }).check(z.minLength(1, v.required), maxChars(TEXT_MAX.password)),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** Store login: the store, then the staff member's own credentials (SPEC §6). */
export const storeLoginRequestSchema = z.object({
  storeId: z.string({ error: v.required }).check(z.minLength(1, v.required), maxChars(TEXT_MAX.id)),
  username: z.string({ error: v.required }).check(z.trim(), z.minLength(1, v.required), maxChars(TEXT_MAX.username)),
  password: z.string({ error: v.required }).check(z.minLength(1, v.required), maxChars(TEXT_MAX.password)),
});
export type StoreLoginRequest = z.input<typeof storeLoginRequestSchema>;

/** The signed-in principal as the apps see it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  role: roleSchema,
  name: z.string(),
  email: z.nullable(z.string()),
  storeId: z.nullable(z.string()),
  storeName: z.nullable(z.string()),
  companyId: z.nullable(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({
  user: sessionUserSchema,
  /** ISO time the session expires (store PWA keeps an offline session until then). */
  expiresAt: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * GET /api/auth/me: the session, or `{ user: null }` for a visitor who is not signed in — an
 * answer, not an error, so an anonymous page load logs no failed request (issue 16).
 */
export const meResponseSchema = z.union([sessionResponseSchema, z.object({ user: z.null() })]);
export type MeResponse = z.infer<typeof meResponseSchema>;

/** Stored account (server side). Personal data beyond this lives in the customer record. */
export const accountSchema = z.object({
  id: z.string(),
  role: roleSchema,
  email: z.nullable(z.string()),
  username: z.nullable(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  passwordHash: z.string(),
  emailVerified: z.boolean(),
  /** Version of the account terms the user accepted; login requires the latest. */
  termsVersion: z.nullable(z.number().check(z.int())),
  storeId: z.nullable(z.string()),
  companyId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;
export const CURRENT_TERMS_VERSION = 3;

/** Registering sends a verification e-mail; the customer signs in by following its link (SPEC §6). */
export const registerResponseSchema = z.object({ verificationSent: z.literal(true), email: z.string() });
export const verifyEmailRequestSchema = z.object({ token: z.string().check(z.minLength(20, da.errors.verificationError), z.maxLength(TEXT_MAX.token, da.errors.verificationError)) });
export const resendVerificationRequestSchema = z.object({ email: emailField });
