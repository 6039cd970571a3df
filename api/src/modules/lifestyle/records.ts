import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { lifestyleAgreementSchema } from '@optik/shared';

/**
 * A Lifestyle agreement as the local platform adapter keeps it: the shared shape plus the
 * keyed hash (HMAC) that proves the holder's birth date when an account connects to it —
 * the birth date itself is not stored.
 */
export const lifestyleAgreementRecordSchema = zm.extend(lifestyleAgreementSchema, { holderVerifier: z.string() });
export type LifestyleAgreementRecord = z.infer<typeof lifestyleAgreementRecordSchema>;
