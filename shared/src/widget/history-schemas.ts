import { z } from 'zod/mini';
import { widgetFilterSchema } from '../schemas/widget';

/**
 * The shape of each field of the widget's history state (SPEC §2): the source of its types, and
 * the definition `widgetHistoryFieldChecks` in './history-state' follows (history-state.test.ts
 * checks they agree on generated values). Reading uses those checks, so it needs no zod.
 */
const scrollRestorationRecordSchema = z.object({ min_results_loaded: z.number().check(z.nonnegative()), for_id: z.string() });

export const widgetHistoryFieldSchemas = {
  field_value: z.string(),
  filters_open: z.boolean(),
  sorting_open: z.boolean(),
  expanded_filters: z.array(z.object({ section: z.string(), expanded: z.boolean() })),
  local_filter_cache: z.array(widgetFilterSchema),
  expanded_hierarchical_filters: z.array(z.object({ value: z.array(z.string()), expanded: z.boolean() })),
  showing_recommendation_rows: z.number().check(z.int(), z.nonnegative()),
  content_results_rows: z.number().check(z.int(), z.nonnegative()),
  scroll_restoration_data: z.array(scrollRestorationRecordSchema),
};

export type WidgetHistoryField = keyof typeof widgetHistoryFieldSchemas;
export type WidgetHistoryState = { [F in WidgetHistoryField]: z.infer<(typeof widgetHistoryFieldSchemas)[F]> };
export type ScrollRestorationRecord = z.infer<typeof scrollRestorationRecordSchema>;


