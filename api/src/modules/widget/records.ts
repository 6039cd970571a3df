import { z } from 'zod';
import { providerEventSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/** A widget tracking event as received (popularity, attribution). */
export const widgetEventRecordSchema = z.object({ id: z.string(), at: z.string(), market: z.string(), tenant: z.string(), event: providerEventSchema });
export type WidgetEventRecord = z.infer<typeof widgetEventRecordSchema>;

export const widgetEventsCollection = defineCollection({
  name: 'widgetEvents',
  schema: widgetEventRecordSchema,
  file: { group: 'events', durable: false, shards: 16 },
  /** Every event under one key by when it came, read in pages when popularity is warmed. */
  indexes: { byTime: { key: () => 'all', order: (e) => e.at } },
});
