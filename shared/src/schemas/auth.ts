import { z } from 'zod';
import { isValidEmail, normalizeEmail } from '../domain/email';
import { isValidName } from '../domain/names';
import { isValidPassword } from '../domain/password';
import { isValidPhone, normalizePhone } from '../domain/phone';
import { da } from '../messages/da';
import { roleSchema } from './enums';

const v = da.validation;
const required = (s: z.ZodString) => s.trim().min(1, v.required);

export const emailField = required(z.string({ error: v.required })).refine(isValidEmail, v.email).transform(normalizeEmail);
export const nameField = required(z.string({ error: v.required })).refine(isValidName, v.name);
export const phoneField = required(z.string({ error: v.required }))
  .refine(isValidPhone, v.phone)
  .transform((p) => normalizePhone(p) ?? p);
export const passwordField = z.string({ error: v.required }).refine(isValidPassword, v.password);

export const registerRequestSchema = z
  .object({
    firstName: nameField,
    lastName: nameField,
    email: emailField,
    phone: phoneField,
    password: passwordField,
    passwordRepeat: z.string({ error: v.required }),
    acceptTerms: z.literal(true, { error: v.termsRequired }),
  })
  .refine((r) => r.password === r.passwordRepeat, { message: v.passwordMismatch, path: ['passwordRepeat'] });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailField,
  password: z.string({ error: v.required }).min(1, v.required),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** Store login: the store, then the staff member's own credentials (SPEC §6). */
export const storeLoginRequestSchema = z.object({
  storeId: z.string({ error: v.required }).min(1, v.required),
  username: z.string({ error: v.required }).trim().min(1, v.required),
  password: z.string({ error: v.required }).min(1, v.required),
});
export type StoreLoginRequest = z.input<typeof storeLoginRequestSchema>;

/** The signed-in principal as the apps see it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  role: roleSchema,
  name: z.string(),
  email: z.string().nullable(),
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  companyId: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({
  user: sessionUserSchema,
  /** ISO time the session expires (store PWA keeps an offline session until then). */
  expiresAt: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Stored account (server side). Personal data beyond this lives in the customer record. */
export const accountSchema = z.object({
  id: z.string(),
  role: roleSchema,
  email: z.string().nullable(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  passwordHash: z.string(),
  emailVerified: z.boolean(),
  /** Version of the account terms the user accepted; login requires the latest. */
  termsVersion: z.number().int().nullable(),
  storeId: z.string().nullable(),
  companyId: z.string().nullable(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;
export const CURRENT_TERMS_VERSION = 3;

/** Registering sends a verification e-mail; the customer signs in by following its link (SPEC §6). */
export const registerResponseSchema = z.object({ verificationSent: z.literal(true), email: z.string() });
export const verifyEmailRequestSchema = z.object({ token: z.string().min(20, da.errors.verificationError).max(200) });
export const resendVerificationRequestSchema = z.object({ email: emailField });
