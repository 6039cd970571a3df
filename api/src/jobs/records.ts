import { z } from 'zod';
import { defineCollection } from '../storage/port';

/**
 * The lease of one hourly job (hourly-job.ts): who runs it now and which hour last ran, so that
 * of several API instances on one storage one runs it once an hour.
 */
export const jobLeaseRecordSchema = z.object({
  /** The job's name. */
  id: z.string(),
  /** The instance running it now; null between runs. */
  holder: z.string().nullable(),
  /** Until when the holder's claim stands (ISO); a holder that died loses it then. */
  leaseUntil: z.string().nullable(),
  /** The last hour whose run completed, as `2026-11-26T10` (UTC). */
  lastRunSlot: z.string().nullable(),
});
export type JobLeaseRecord = z.infer<typeof jobLeaseRecordSchema>;

export const jobLeasesCollection = defineCollection({ name: 'jobLeases', schema: jobLeaseRecordSchema, file: { group: 'jobs', durable: true } });
