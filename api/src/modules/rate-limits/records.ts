import { z } from 'zod';
import { defineCollection } from '../../storage/port';

/** One rate limiter's hit count for one client in the window under way. */
export const rateLimitRecordSchema = z.object({
  /** A keyed hash (HMAC) of the limiter's name and the client's key: no IP address or e-mail in clear. */
  id: z.string(),
  hits: z.number().int().nonnegative(),
  /** When the window ends (ISO); the next hit after it starts a new window. */
  resetAt: z.string(),
  /** When the last attempt was counted (ISO): paced limiters (per-account login) wait from it. */
  lastAt: z.string().optional(),
});
export type RateLimitRecord = z.infer<typeof rateLimitRecordSchema>;

/**
 * The counters of every rate limiter, shared by all API instances on this storage. Not durable:
 * a crash may forget the last hits of a window, never more.
 */
export const rateLimitsCollection = defineCollection({
  name: 'rateLimits',
  schema: rateLimitRecordSchema,
  file: { group: 'rate-limits', durable: false, shards: 4 },
  /** Counters by the end of their window, so the expired ones are found and removed. */
  indexes: { byReset: { key: () => 'all', order: (r) => r.resetAt } },
});
