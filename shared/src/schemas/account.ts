import { z } from 'zod/mini';
import './zod-locale';
import { validatePostcode } from '../domain/postcode';
import { da } from '../messages/da';
import { emailField, nameField, passwordField, passwordInput, phoneField, sessionResponseSchema } from './auth';
import { maxChars } from './common';
import { customerSchema } from './customer';
import { TEXT_MAX } from './limits';

const v = da.validation;

/** Danish texts of the account endpoints that SPEC §8 does not name (shown by the API and the shop alike). */
export const accountMessages = {
  wrongCurrentPassword: 'Den nuværende adgangskode er forkert.',
  samePassword: 'Den nye adgangskode skal være forskellig fra den nuværende.',
  termsOutdated: 'Vilkårene er blevet opdateret, mens du læste dem. Læs de nyeste vilkår, og acceptér igen.',
  termsStepExpired: 'Login-tiden er udløbet. Log ind igen.',
  addressIncomplete: 'Udfyld både gade og postnummer, eller lad begge felter stå tomme.',
  eidLinkConflict: 'Der findes allerede en konto med e-mailen fra MitID. Log ind med e-mail og adgangskode, og log derefter ind med MitID for at knytte det til kontoen.',
} as const;

/** Two password fields that must match (SPEC §5: "passwords must match", "new-password mismatch"). */
const newPassword = {
  password: passwordField,
  passwordRepeat: passwordInput,
};
const passwordsMatch = z.refine<{ password: string; passwordRepeat: string }>((r) => r.password === r.passwordRepeat, {
  message: v.passwordMismatch,
  path: ['passwordRepeat'],
});

/** One-time tokens (password reset) travel in the URL fragment and are posted in the body. */
const oneTimeToken = z.string({ error: da.errors.verificationExpired }).check(z.minLength(20, da.errors.verificationExpired), z.maxLength(TEXT_MAX.token, da.errors.verificationExpired));

/** The answer of an account action that returns nothing else (reset link requested, password changed). */
export const accountActionResponseSchema = z.object({ success: z.literal(true) });

/** /min-konto/glemt-løsen: ask for a link. The answer is the same whether or not the e-mail has an account. */
export const passwordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** The form the mailed one-time link opens. */
export const passwordResetSchema = z.object({ token: oneTimeToken, ...newPassword }).check(passwordsMatch);
export type PasswordReset = z.input<typeof passwordResetSchema>;

/** Change the password on /min-konto/opgaver; an account made by MitID has none yet and sets its first. */
export const passwordChangeSchema = z.object({ currentPassword: z.optional(passwordInput), ...newPassword }).check(passwordsMatch);
export type PasswordChange = z.input<typeof passwordChangeSchema>;

/** The latest account terms (SPEC §6: login requires them), shown when login answers "terms not accepted". */
export const termsResponseSchema = z.object({
  version: z.number().check(z.int()),
  title: z.string(),
  summary: z.string(),
  body: z.array(z.string()),
  url: z.string(),
});
export type TermsResponse = z.infer<typeof termsResponseSchema>;
/** The version the customer read and accepted; a newer one published meanwhile must be read first. */
export const acceptTermsRequestSchema = z.object({ version: z.number({ error: v.termsRequired }).check(z.int()) });

/** /min-konto/opgaver: what the customer sees and may change (the SPEC §3 customer fields). The e-mail is the login and read-only. */
export const accountDetailsSchema = z.extend(z.pick(customerSchema, { firstName: true, lastName: true, email: true, phone: true, street: true, zip: true, city: true }), {
  /** False for an account made by MitID login until the customer sets a password. */
  hasPassword: z.boolean(),
  /** The account can log in with MitID. */
  eidLinked: z.boolean(),
});
export type AccountDetails = z.infer<typeof accountDetailsSchema>;
export const accountDetailsResponseSchema = z.object({ data: accountDetailsSchema });

const optionalText = (max: number, message?: string) => z._default(z.string().check(z.trim(), maxChars(max, message)), '');

/**
 * Name, phone and address. The address is optional as a whole (a new account has none), but
 * street and postcode go together; the postcode must be deliverable (SPEC §5 "zip code valid",
 * DOMAIN.md) and the server takes the city from it.
 */
export const accountDetailsUpdateSchema = z
  .object({
    firstName: nameField,
    lastName: nameField,
    phone: phoneField,
    street: optionalText(TEXT_MAX.street),
    zip: optionalText(10, v.zip),
    city: optionalText(TEXT_MAX.city),
  })
  .check(
    z.refine((d) => d.street !== '' || d.zip === '', { message: accountMessages.addressIncomplete, path: ['street'] }),
    z.refine((d) => d.zip !== '' || d.street === '', { message: accountMessages.addressIncomplete, path: ['zip'] }),
    z.superRefine((d, ctx) => {
      if (d.zip === '') return;
      const pc = validatePostcode(d.zip);
      if (!pc.ok) ctx.addIssue({ code: 'custom', message: pc.message, path: ['zip'] });
    }),
  );
export type AccountDetailsUpdate = z.input<typeof accountDetailsUpdateSchema>;

/**
 * e-ID (MitID through an OIDC broker). `requestCpr` asks for the CPR claim (an extra scope),
 * only where a flow needs it (DOMAIN.md).
 */
export const eidStartRequestSchema = z.object({ requestCpr: z._default(z.boolean(), false) });
export const eidStartResponseSchema = z.object({ url: z.string() });

/** What the broker sent back to /min-konto/log-ind/mitid (in the fragment): a code, or an OIDC error. */
export const eidCallbackRequestSchema = z
  .object({
    state: z.string({ error: da.errors.loginCancelled }).check(z.minLength(16, da.errors.loginCancelled), z.maxLength(TEXT_MAX.token, da.errors.loginCancelled)),
    code: z.optional(z.string().check(z.minLength(1), maxChars(500))),
    error: z.optional(z.string().check(maxChars(100))),
    /** The broker's issuer (RFC 9207), which an OpenID Connect broker adds to its answer. */
    iss: z.optional(z.string().check(maxChars(TEXT_MAX.url))),
  })
  .check(z.refine((r) => Boolean(r.code) !== Boolean(r.error), { message: da.errors.loginCancelled, path: ['code'] }));
export type EidCallbackRequest = z.input<typeof eidCallbackRequestSchema>;

/** A successful e-ID login is a session like any other. */
export const eidCallbackResponseSchema = sessionResponseSchema;
