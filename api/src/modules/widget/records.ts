import { z } from 'zod';
import { providerEventSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/**
 * A widget tracking event as received (for analysis; popularity reads the counters below). The
 * raw event log on PostgreSQL (an append-only table, event-log.ts); on the embedded store the
 * log is JSONL files and this collection only holds events from before them, moved out hourly.
 */
export const widgetEventRecordSchema = z.object({
  id: z.string(),
  at: z.string(),
  market: z.string(),
  tenant: z.string(),
  event: providerEventSchema,
  /** Its weight is in the popularity counters. Events stored before the counters existed lack it until the hourly job counts them. */
  counted: z.boolean().optional(),
});
export type WidgetEventRecord = z.infer<typeof widgetEventRecordSchema>;

export const widgetEventsCollection = defineCollection({
  name: 'widgetEvents',
  schema: widgetEventRecordSchema,
  file: { group: 'events', durable: false, shards: 16 },
  indexes: {
    /** Every event under one key by when it came: retention removes the oldest, a page at a time. */
    byTime: { key: () => 'all', order: (e) => e.at },
    /** Events not yet in the popularity counters (stored before they existed), for the hourly job. */
    uncounted: { key: (e) => (e.counted ? null : 'all'), order: (e) => e.at },
  },
});

/** An article's popularity from shoppers' events (the weights of its clicks, carts, purchases …), shared by every instance. */
export const widgetPopularityRecordSchema = z.object({ id: z.string(), score: z.number() });
export type WidgetPopularityRecord = z.infer<typeof widgetPopularityRecordSchema>;

/** Popularity per article (id: the article's id), read whole by each instance every half minute. */
export const widgetPopularityCollection = defineCollection({ name: 'widgetPopularity', schema: widgetPopularityRecordSchema, file: { group: 'widget-stats', durable: false } });

/** Longest search (folded) counted as a popular query. */
export const QUERY_MAX_LENGTH = 100;

/** A search as shoppers typed it (folded), how often, and when last: the popular searches of the suggestions. */
export const widgetQueryRecordSchema = z.object({
  /** SHA-256 of the query: ids stay short and never a word a file format treats specially. */
  id: z.string(),
  query: z.string().max(QUERY_MAX_LENGTH),
  count: z.number().int().positive(),
  lastAt: z.string(),
});
export type WidgetQueryRecord = z.infer<typeof widgetQueryRecordSchema>;

/** A count as an order value: zero-padded, so string order is numeric order. */
export const countOrder = (count: number) => String(count).padStart(15, '0');

export const widgetQueriesCollection = defineCollection({
  name: 'widgetQueries',
  schema: widgetQueryRecordSchema,
  file: { group: 'widget-stats', durable: false },
  indexes: {
    /** Every query by how often: the most popular ones. */
    byCount: { key: () => 'all', order: (q) => countOrder(q.count) },
    /** Queries by their first two characters, by how often: the popular ones a typed prefix continues. */
    byStart: { key: (q) => q.query.slice(0, 2), order: (q) => countOrder(q.count) },
    /** By when last searched, so queries nobody searched for in the retention period go. */
    byLast: { key: () => 'all', order: (q) => q.lastAt },
  },
});
