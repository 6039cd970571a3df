import { z } from 'zod/mini';
import './zod-locale';
import { loginProblemSchema } from './enums';

export const errorCodeSchema = z.enum([
  'bad_request',
  'validation_failed',
  'malformed_json',
  'unauthenticated',
  'forbidden',
  'csrf_invalid',
  'not_found',
  'conflict',
  'gone',
  'unprocessable',
  'rate_limited',
  'login_failed',
  'terms_not_accepted',
  'email_not_verified',
  'eid_email_not_verified',
  'internal',
  /** 503: an outside service (e.g. the Lifestyle platform, SPEC §8) is down or under maintenance. */
  'unavailable',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The one JSON error shape of the API: `{ error: { code, message, fields? } }`. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** Per-field Danish messages keyed by dotted path ("quantity", "address.zip"). */
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Login problems of SPEC §3 map to their own error codes. */
export const loginProblemErrorCode: Record<z.infer<typeof loginProblemSchema>, ErrorCode> = {
  'terms-not-accepted': 'terms_not_accepted',
  'email-not-verified': 'email_not_verified',
  'eid-email-not-verified': 'eid_email_not_verified',
};
