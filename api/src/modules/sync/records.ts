import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { syncResultSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/** One processed outbox command: its id is the client's command id (the idempotency key). */
export const syncLogRecordSchema = zm.extend(zm.omit(syncResultSchema, { status: true }), {
  status: z.enum(['applied', 'rejected']),
  type: z.string(),
  storeId: z.string(),
  accountId: z.string(),
  at: z.string(),
});
export type SyncLogRecord = z.infer<typeof syncLogRecordSchema>;

/** The sync log: its id is the command id, so inserting it claims the command (unique). */
export const syncLogCollection = defineCollection({
  name: 'syncLog',
  schema: syncLogRecordSchema,
  file: { group: 'sync', durable: true },
  indexes: { byStore: { key: (e) => e.storeId, order: (e) => e.at } },
});
