import { z } from 'zod/mini';
import { widgetFilterSchema } from '../schemas/widget';

/**
 * SPEC §2: per-page widget state kept in history.state under 'search{key}_' or 'category{key}_'
 * keys. These helpers work on the plain history.state object and never touch `history`:
 * the caller passes `history.state` in and hands the returned object to replaceState.
 */

export type WidgetPageKind = 'search' | 'category';

export const DEFAULT_RECOMMENDATION_ROWS = 2;
export const DEFAULT_CONTENT_RESULTS_ROWS = 1;
/** SPEC §2/§9: scroll padding is 500 px per result, assuming 150 results when the record has none. */
export const SCROLL_PADDING_PER_RESULT_PX = 500;
export const DEFAULT_MIN_RESULTS_LOADED = 150;

const scrollRestorationRecordSchema = z.object({ min_results_loaded: z.number().check(z.nonnegative()), for_id: z.string() });

/** One schema per field; a stored value that does not match reads as the default. */
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

export const WIDGET_HISTORY_FIELDS = Object.keys(widgetHistoryFieldSchemas) as WidgetHistoryField[];

/** Fresh defaults every call, so callers may mutate what they get. */
export function defaultWidgetHistoryState(): WidgetHistoryState {
  return {
    field_value: '',
    filters_open: false,
    sorting_open: false,
    expanded_filters: [],
    local_filter_cache: [],
    expanded_hierarchical_filters: [],
    showing_recommendation_rows: DEFAULT_RECOMMENDATION_ROWS,
    content_results_rows: DEFAULT_CONTENT_RESULTS_ROWS,
    scroll_restoration_data: [],
  };
}

export function historyStatePrefix(kind: WidgetPageKind, key: string): string {
  return `${kind}${key}_`;
}

export function historyStateKey(kind: WidgetPageKind, key: string, field: WidgetHistoryField): string {
  return historyStatePrefix(kind, key) + field;
}

type PlainState = Record<string, unknown>;
const asRecord = (state: unknown): PlainState => (state !== null && typeof state === 'object' ? (state as PlainState) : {});

export function readHistoryField<F extends WidgetHistoryField>(state: unknown, kind: WidgetPageKind, key: string, field: F): WidgetHistoryState[F] {
  const raw = asRecord(state)[historyStateKey(kind, key, field)];
  const parsed = widgetHistoryFieldSchemas[field].safeParse(raw);
  return (parsed.success ? parsed.data : defaultWidgetHistoryState()[field]) as WidgetHistoryState[F];
}

/** All fields of one page instance, each falling back to its default. history.state may be null. */
export function readWidgetHistoryState(state: unknown, kind: WidgetPageKind, key: string): WidgetHistoryState {
  const out = defaultWidgetHistoryState();
  for (const field of WIDGET_HISTORY_FIELDS) (out as Record<string, unknown>)[field] = readHistoryField(state, kind, key, field);
  return out;
}

/**
 * A new state object with the given fields written under this instance's keys; everything else
 * in `state` (the router's own keys, other instances) is copied unchanged. `state` is not mutated.
 */
export function writeWidgetHistoryState(state: unknown, kind: WidgetPageKind, key: string, patch: Partial<WidgetHistoryState>): PlainState {
  const out: PlainState = { ...asRecord(state) };
  for (const field of WIDGET_HISTORY_FIELDS) {
    if (!(field in patch)) continue;
    const value = patch[field];
    if (value === undefined) delete out[historyStateKey(kind, key, field)];
    else out[historyStateKey(kind, key, field)] = value;
  }
  return out;
}

/** Removes every field of this instance. */
export function clearWidgetHistoryState(state: unknown, kind: WidgetPageKind, key: string): PlainState {
  const out: PlainState = { ...asRecord(state) };
  for (const field of WIDGET_HISTORY_FIELDS) delete out[historyStateKey(kind, key, field)];
  return out;
}

/** SPEC §4 widget submit: after navigating to the new query, the row counts go back to their defaults. */
export function resetRowsAfterSubmit(state: unknown, key: string): PlainState {
  return writeWidgetHistoryState(state, 'search', key, {
    showing_recommendation_rows: DEFAULT_RECOMMENDATION_ROWS,
    content_results_rows: DEFAULT_CONTENT_RESULTS_ROWS,
  });
}

/**
 * SPEC §2: on back/forward to a page with a scroll-restoration record, pad the page bottom by
 * 500 px × min_results_loaded (150 when missing or not a positive number) so the browser can
 * scroll back before the results have loaded. 0 when not back/forward or there is no record.
 * Read leniently: a record written by an older version without for_id still counts.
 * With `forId`, the record for that query/category id is used, else the first.
 */
export function scrollRestorationPadding(
  state: unknown,
  kind: WidgetPageKind,
  key: string,
  options: { isBackForward: boolean; forId?: string },
): number {
  if (!options.isBackForward) return 0;
  const raw = asRecord(state)[historyStateKey(kind, key, 'scroll_restoration_data')];
  if (!Array.isArray(raw)) return 0;
  const records = raw.filter((r): r is PlainState => r !== null && typeof r === 'object');
  const record = options.forId === undefined ? records[0] : records.find((r) => r.for_id === options.forId);
  if (!record) return 0;
  const min = record.min_results_loaded;
  const results = typeof min === 'number' && Number.isFinite(min) && min > 0 ? min : DEFAULT_MIN_RESULTS_LOADED;
  return results * SCROLL_PADDING_PER_RESULT_PX;
}
