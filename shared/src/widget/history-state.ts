import type { ScrollRestorationRecord, WidgetHistoryField, WidgetHistoryState } from './history-schemas';

/**
 * SPEC §2: per-page widget state kept in history.state under 'search{key}_' or 'category{key}_'
 * keys. These helpers work on the plain history.state object and never touch `history`:
 * the caller passes `history.state` in and hands the returned object to replaceState.
 * Each field read is checked by `widgetHistoryFieldChecks`, which follow the field schemas of
 * './history-schemas' without zod (docs/decisions/006).
 */
export type { ScrollRestorationRecord, WidgetHistoryField, WidgetHistoryState };

export type WidgetPageKind = 'search' | 'category';

export const DEFAULT_RECOMMENDATION_ROWS = 2;
export const DEFAULT_CONTENT_RESULTS_ROWS = 1;
/** SPEC §2/§9: scroll padding is 500 px per result, assuming 150 results when the record has none. */
export const SCROLL_PADDING_PER_RESULT_PX = 500;
export const DEFAULT_MIN_RESULTS_LOADED = 150;

/** Every field, in the order of the field schemas (history-state.test.ts checks they agree). */
export const WIDGET_HISTORY_FIELDS: readonly WidgetHistoryField[] = [
  'field_value',
  'filters_open',
  'sorting_open',
  'expanded_filters',
  'local_filter_cache',
  'expanded_hierarchical_filters',
  'showing_recommendation_rows',
  'content_results_rows',
  'scroll_restoration_data',
];

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

export type PlainState = Record<string, unknown>;
export const asRecord = (state: unknown): PlainState => (state !== null && typeof state === 'object' ? (state as PlainState) : {});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const optional =
  (check: (v: unknown) => boolean) =>
  (v: unknown): boolean =>
    v === undefined || check(v);
/** Every element (holes included) passes `check`. */
const arrayOf =
  (check: (v: unknown) => boolean) =>
  (v: unknown): boolean => {
    if (!Array.isArray(v)) return false;
    for (let i = 0; i < v.length; i++) if (!check(v[i])) return false;
    return true;
  };
const isWidgetFilter = (v: unknown) =>
  isRecord(v) && isString(v.field) && optional(isString)(v.type) && optional((m) => isRecord(m) && optional(isString)(m.group_title))(v.meta);

/** One check per field (the schemas of './history-schemas' without zod); a stored value that fails reads as the default. */
export const widgetHistoryFieldChecks: { [F in WidgetHistoryField]: (value: unknown) => boolean } = {
  field_value: isString,
  filters_open: isBoolean,
  sorting_open: isBoolean,
  expanded_filters: arrayOf((e) => isRecord(e) && isString(e.section) && isBoolean(e.expanded)),
  local_filter_cache: arrayOf(isWidgetFilter),
  expanded_hierarchical_filters: arrayOf((e) => isRecord(e) && arrayOf(isString)(e.value) && isBoolean(e.expanded)),
  showing_recommendation_rows: isCount,
  content_results_rows: isCount,
  scroll_restoration_data: arrayOf((e) => isRecord(e) && typeof e.min_results_loaded === 'number' && Number.isFinite(e.min_results_loaded) && e.min_results_loaded >= 0 && isString(e.for_id)),
};

export function readHistoryField<F extends WidgetHistoryField>(state: unknown, kind: WidgetPageKind, key: string, field: F): WidgetHistoryState[F] {
  const raw = asRecord(state)[historyStateKey(kind, key, field)];
  return (widgetHistoryFieldChecks[field](raw) ? raw : defaultWidgetHistoryState()[field]) as WidgetHistoryState[F];
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

/**
 * The stored values of some fields of this instance, as they are (unchecked), to be put back
 * later with `putBackWidgetHistoryState`; whoever reads them checks them then.
 */
export function pickWidgetHistoryState(state: unknown, kind: WidgetPageKind, key: string, fields: readonly WidgetHistoryField[]): PlainState {
  const from = asRecord(state);
  const out: PlainState = {};
  for (const field of fields) {
    const k = historyStateKey(kind, key, field);
    if (k in from) out[k] = from[k];
  }
  return out;
}

/** `state` with these fields of this instance as `picked` had them; a field `picked` lacks is removed (it reads as its default). */
export function putBackWidgetHistoryState(state: unknown, kind: WidgetPageKind, key: string, fields: readonly WidgetHistoryField[], picked: PlainState): PlainState {
  const out: PlainState = { ...asRecord(state) };
  for (const field of fields) {
    const k = historyStateKey(kind, key, field);
    if (k in picked) out[k] = picked[k];
    else delete out[k];
  }
  return out;
}
