import type { z } from 'zod/mini';
import type { filterOperatorSchema, selectedFilterSchema, sortingSchema } from '../schemas/widget';
import { base64ToUtf8, utf8ToBase64 } from './base64';

/**
 * SPEC §2: the widget's filters, sorting, query and query id live in URL parameters.
 *
 *   sorting{key}            field + 📈 (asc) | 📉 (desc)
 *   f{key}_{field}{symbol}  one parameter per selected filter (legacy filter_{key}_ / filter_ read only)
 *   {queryParam}{key}       the search query (queryParam defaults to 'query')
 *   query_id_{key}, query_id  the category page's query id
 *   went_sideways_clear_filters=true
 *
 * Decoding never throws: a parameter that cannot be decoded is ignored.
 */

export type FilterOperator = z.infer<typeof filterOperatorSchema>;
export type SelectedFilter = z.infer<typeof selectedFilterSchema>;
export type Sorting = z.infer<typeof sortingSchema>;

export const OPERATOR_SYMBOLS = {
  eq: '≡',
  neq: '≠',
  in: '', // SPEC §2: "in (no symbol)"
  nin: '∉',
  leq: '≤',
  geq: '≥',
  inrange: '🔢',
} as const satisfies Record<FilterOperator, string>;
/** Accepted when reading (older links wrote it); never written unless needed to disambiguate (see filterParamName). */
export const IN_SYMBOL = '∈';

export const SORT_ASC_SYMBOL = '📈';
export const SORT_DESC_SYMBOL = '📉';

/** U+201A SINGLE LOW-9 QUOTATION MARK: looks like a comma in the address bar, but is not one. */
export const LIST_SEPARATOR = '\u201A';
/** U+2023 TRIANGULAR BULLET: separates the inner lists of a list of lists. */
export const NESTED_LIST_SEPARATOR = '\u2023';
/** Keycap digit zero: the empty string (on its own or as a list item). */
export const EMPTY_STRING_TOKEN = '0\uFE0F\u20E3';
const EMPTY_STRING_TOKEN_BARE = '0\u20E3'; // the same without the emoji variation selector, read only

export const RANGE_SEPARATOR = '-';
export const SIDEWAYS_CLEAR_PARAM = 'went_sideways_clear_filters';
export const LEGACY_FILTER_PREFIX = 'filter_';
export const DEFAULT_QUERY_PARAM = 'query';

export interface WidgetUrlOptions {
  /** Instance key, '' for the default instance. */
  key: string;
  /** Base name of the query parameter; the key is appended. Default 'query'. */
  queryParam?: string;
}

export interface WidgetParamNames {
  query: string;
  sorting: string;
  filterPrefix: string;
  legacyKeyedFilterPrefix: string;
  queryId: string;
  /** Read as a fallback for queryId. */
  unkeyedQueryId: string;
}

export function widgetParamNames({ key, queryParam = DEFAULT_QUERY_PARAM }: WidgetUrlOptions): WidgetParamNames {
  return {
    query: queryParam + key,
    sorting: `sorting${key}`,
    filterPrefix: `f${key}_`,
    legacyKeyedFilterPrefix: `${LEGACY_FILTER_PREFIX}${key}_`,
    // Decision: the default instance (key '') writes plain query_id rather than a dangling 'query_id_'.
    queryId: key ? `query_id_${key}` : 'query_id',
    unkeyedQueryId: 'query_id',
  };
}

// ---------------------------------------------------------------------------------------------
// Values

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:e[+-]\d+)?`;
// Both ends may be negative ("-5--1"): the separator is the hyphen right after a complete number,
// and a number can only end in a digit, so the split is unambiguous.
const RANGE_RE = new RegExp(`^(${NUMBER})${RANGE_SEPARATOR}(${NUMBER})$`);
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isPlainObject = (v: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * True when JSON.stringify → JSON.parse gives the value back (up to -0 → 0): finite numbers,
 * well-formed strings, booleans, null, dense arrays and plain objects of those, no cycles.
 */
export function isJsonRoundTrippable(value: unknown, seen: Set<object> = new Set()): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return !LONE_SURROGATE_RE.test(value);
  if (typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  let ok: boolean;
  if (Array.isArray(value)) {
    ok = value.length === Object.keys(value).length && value.every((v) => isJsonRoundTrippable(v, seen));
  } else {
    ok = isPlainObject(value) && Object.entries(value).every(([k, v]) => !LONE_SURROGATE_RE.test(k) && isJsonRoundTrippable(v, seen));
  }
  seen.delete(value);
  return ok;
}

const isListItem = (s: unknown): s is string =>
  typeof s === 'string' &&
  !s.includes(LIST_SEPARATOR) &&
  !s.includes(NESTED_LIST_SEPARATOR) &&
  s !== EMPTY_STRING_TOKEN &&
  s !== EMPTY_STRING_TOKEN_BARE &&
  !LONE_SURROGATE_RE.test(s);

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && isJsonRoundTrippable(v) && v.every(isListItem);
const isNestedStringList = (v: unknown): v is string[][] =>
  Array.isArray(v) && v.length > 0 && v.length === Object.keys(v).length && v.every(isStringList);
const isNumberPair = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && Number.isFinite(v[0]) && Number.isFinite(v[1]);

const encodeItem = (s: string) => (s === '' ? EMPTY_STRING_TOKEN : s);
const decodeItem = (s: string) => (s === EMPTY_STRING_TOKEN || s === EMPTY_STRING_TOKEN_BARE ? '' : s);

function encodeList(items: readonly string[], markSingle: boolean): string {
  const joined = items.map(encodeItem).join(LIST_SEPARATOR);
  // A one-item list would otherwise look like a plain value.
  return markSingle && items.length === 1 ? joined + LIST_SEPARATOR : joined;
}

/** Empty segments only come from trailing or doubled separators; the encoder never writes an empty item. */
const decodeList = (text: string): string[] =>
  text
    .split(LIST_SEPARATOR)
    .filter((s) => s !== '')
    .map(decodeItem);

/** A number Depict's range decoder reads back (it splits on every hyphen): no sign, no exponent. */
const PLAIN_NUMBER_RE = /^\d+(?:\.\d+)?$/;
const isPlainNumberList = (v: unknown): v is number[] => Array.isArray(v) && v.length >= 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n) && PLAIN_NUMBER_RE.test(String(n === 0 ? 0 : n)));
/** An `inrange` value of plain numbers, as Depict writes it: `1-2` or `1-2-3` (issue 18). */
const PLAIN_RANGE_RE = /^\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)+$/;

/**
 * Encode one filter value (SPEC §2), for the filter's operator `op` when known. Returns
 * undefined for values that would not survive the round trip (undefined, NaN, functions,
 * cycles, class instances …); such filters are not written.
 *
 * - true/false → '1'/'0'
 * - '' → 0️⃣
 * - [] → ‣ (as Depict's client writes it)
 * - numbers under `inrange` → 'a-b' (or 'a-b-c'); with a sign or an exponent, base64 instead:
 *   Depict's decoder splits on every hyphen. Under any other operator a list of numbers is
 *   base64 (Depict reads a range only under `inrange`, issue 18). Without an operator, a pair
 *   of finite numbers is written 'a-b' as before ('-5--1.5', '1e-7-3'; -0 as 0).
 * - non-empty string[] → items joined by ‚ (one item: trailing ‚); '' items as 0️⃣
 * - non-empty string[][] with non-empty inner lists → inner lists joined by ‚, each followed by ‣
 * - anything else → base64 of the UTF-8 JSON
 * Strings containing ‚ or ‣, or equal to 0️⃣, cannot be list items and make the list fall back to base64.
 */
export function encodeFilterValue(value: unknown, op?: FilterOperator): string | undefined {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value === '') return EMPTY_STRING_TOKEN;
  if (Array.isArray(value) && value.length === 0) return NESTED_LIST_SEPARATOR;
  if (op === 'inrange' ? isPlainNumberList(value) : op === undefined && isNumberPair(value)) return (value as number[]).map((n) => String(n)).join(RANGE_SEPARATOR);
  if (isStringList(value)) return encodeList(value, true);
  if (isNestedStringList(value)) {
    return value.map((inner) => encodeList(inner, false) + NESTED_LIST_SEPARATOR).join('');
  }
  if (!isJsonRoundTrippable(value)) return undefined;
  return utf8ToBase64(JSON.stringify(value));
}

export type DecodedValue = { value: unknown } | undefined;

/** Only separators: an empty list as Depict writes it (‣, or ‚‚ from its one-item marker). */
const ONLY_SEPARATORS_RE = new RegExp(`^[${LIST_SEPARATOR}${NESTED_LIST_SEPARATOR}]+$`);

/**
 * Inverse of encodeFilterValue, for the filter's operator `op` when known. Returns undefined
 * (never throws) when the text cannot be decoded. Also reads what Depict's client writes: an
 * empty list as ‣ or ‚‚, and under `inrange` any number of plain numbers ('1-2-3').
 */
export function decodeFilterValue(text: string, op?: FilterOperator): DecodedValue {
  if (text === '') return undefined;
  if (ONLY_SEPARATORS_RE.test(text)) return { value: [] };
  if (text.includes(NESTED_LIST_SEPARATOR)) {
    const lists = text
      .split(NESTED_LIST_SEPARATOR)
      .filter((s) => s !== '')
      .map(decodeList);
    return lists.length > 0 && lists.every((l) => l.length > 0) ? { value: lists } : undefined;
  }
  if (text.includes(LIST_SEPARATOR)) {
    const list = decodeList(text);
    return list.length > 0 ? { value: list } : undefined;
  }
  if (text === '1') return { value: true };
  if (text === '0') return { value: false };
  if (text === EMPTY_STRING_TOKEN || text === EMPTY_STRING_TOKEN_BARE) return { value: '' };
  if (op === 'inrange' && PLAIN_RANGE_RE.test(text)) return { value: text.split(RANGE_SEPARATOR).map(Number) };
  const range = RANGE_RE.exec(text);
  if (range) {
    const a = Number(range[1]);
    const b = Number(range[2]);
    return Number.isFinite(a) && Number.isFinite(b) ? { value: [a, b] } : undefined;
  }
  const json = base64ToUtf8(text);
  if (json === undefined) return undefined;
  const parsed = parseJson(json) ?? parseUriEncodedJson(json);
  return parsed;
}

function parseJson(text: string): DecodedValue {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** SPEC §2 describes the fallback as base64 of URI-encoded JSON; links written that way are still read. */
function parseUriEncodedJson(text: string): DecodedValue {
  if (!text.includes('%')) return undefined;
  try {
    return parseJson(decodeURIComponent(text));
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Sorting

export function encodeSorting(sorting: Sorting): string | undefined {
  if (!sorting.field) return undefined;
  return sorting.field + (sorting.order === 'asc' ? SORT_ASC_SYMBOL : SORT_DESC_SYMBOL);
}

/** A value not ending in 📈 or 📉 (or with nothing before the symbol) is ignored. */
export function decodeSorting(text: string): Sorting | undefined {
  for (const [symbol, order] of [
    [SORT_ASC_SYMBOL, 'asc'],
    [SORT_DESC_SYMBOL, 'desc'],
  ] as const) {
    if (text.endsWith(symbol)) {
      const field = text.slice(0, -symbol.length);
      return field ? { field, order } : undefined;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Filter parameter names

const READ_SYMBOLS: readonly (readonly [string, FilterOperator])[] = [
  [OPERATOR_SYMBOLS.eq, 'eq'],
  [OPERATOR_SYMBOLS.neq, 'neq'],
  [IN_SYMBOL, 'in'],
  [OPERATOR_SYMBOLS.nin, 'nin'],
  [OPERATOR_SYMBOLS.leq, 'leq'],
  [OPERATOR_SYMBOLS.geq, 'geq'],
  [OPERATOR_SYMBOLS.inrange, 'inrange'],
];

/**
 * `f{key}_{field}{symbol}`. 'in' has no symbol, except when the field itself ends in an operator
 * symbol: then ∈ is written so the name reads back as 'in' on that field.
 */
export function filterParamName(filter: Pick<SelectedFilter, 'field' | 'op'>, options: WidgetUrlOptions): string {
  const prefix = widgetParamNames(options).filterPrefix;
  let symbol: string = OPERATOR_SYMBOLS[filter.op];
  if (filter.op === 'in' && READ_SYMBOLS.some(([s]) => filter.field.endsWith(s))) symbol = IN_SYMBOL;
  return prefix + filter.field + symbol;
}

/** Splits a parameter name into field and operator, or undefined when it is not this instance's filter. */
export function parseFilterParamName(
  name: string,
  options: WidgetUrlOptions,
): { field: string; op: FilterOperator; legacy: boolean } | undefined {
  const names = widgetParamNames(options);
  // Most specific prefix first, so 'filter_{key}_color' is field 'color' and not '{key}_color'.
  const prefixes: readonly (readonly [string, boolean])[] = [
    [names.filterPrefix, false],
    [names.legacyKeyedFilterPrefix, true],
    [LEGACY_FILTER_PREFIX, true],
  ];
  const match = prefixes.find(([p]) => name.startsWith(p));
  if (!match) return undefined;
  const [prefix, legacy] = match;
  let rest = name.slice(prefix.length);
  let op: FilterOperator = 'in';
  const symbol = READ_SYMBOLS.find(([s]) => rest.endsWith(s));
  if (symbol) {
    rest = rest.slice(0, -symbol[0].length);
    op = symbol[1];
  }
  return rest ? { field: rest, op, legacy } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Whole state

export interface WidgetUrlState {
  query?: string;
  queryId?: string;
  filters?: readonly SelectedFilter[];
  sorting?: Sorting;
  wentSidewaysClearFilters?: boolean;
}

export interface DecodedWidgetUrlState {
  query?: string;
  queryId?: string;
  filters: SelectedFilter[];
  sorting?: Sorting;
  wentSidewaysClearFilters: boolean;
}

/**
 * The parameters of one widget instance, in a stable order: query, query id, sorting, filters
 * (in the given order), flag. Filters whose value cannot be encoded are left out; for two
 * filters with the same field and operator the later one wins.
 */
export function encodeWidgetState(state: WidgetUrlState, options: WidgetUrlOptions): [string, string][] {
  const names = widgetParamNames(options);
  const out: [string, string][] = [];
  if (state.query !== undefined) out.push([names.query, state.query]);
  if (state.queryId !== undefined) out.push([names.queryId, state.queryId]);
  const sorting = state.sorting && encodeSorting(state.sorting);
  if (sorting) out.push([names.sorting, sorting]);
  const filters = new Map<string, string>();
  for (const filter of state.filters ?? []) {
    if (!filter.field) continue;
    const value = encodeFilterValue(filter.data, filter.op);
    if (value === undefined) continue;
    const name = filterParamName(filter, options);
    filters.delete(name);
    filters.set(name, value);
  }
  out.push(...filters);
  if (state.wentSidewaysClearFilters) out.push([SIDEWAYS_CLEAR_PARAM, 'true']);
  return out;
}

/**
 * Reads one instance's state; other parameters are ignored. For a parameter given twice the
 * first value counts. A filter present both under f{key}_ and a legacy prefix is taken from f{key}_.
 */
export function decodeWidgetState(params: URLSearchParams, options: WidgetUrlOptions): DecodedWidgetUrlState {
  const names = widgetParamNames(options);
  const result: DecodedWidgetUrlState = { filters: [], wentSidewaysClearFilters: params.get(SIDEWAYS_CLEAR_PARAM) === 'true' };

  const query = params.get(names.query);
  if (query !== null) result.query = query;
  const queryId = params.get(names.queryId) || params.get(names.unkeyedQueryId);
  if (queryId) result.queryId = queryId;
  const sortingText = params.get(names.sorting);
  const sorting = sortingText === null ? undefined : decodeSorting(sortingText);
  if (sorting) result.sorting = sorting;

  const current = new Map<string, SelectedFilter>();
  const legacy = new Map<string, SelectedFilter>();
  for (const name of new Set(params.keys())) {
    const parsed = parseFilterParamName(name, options);
    if (!parsed) continue;
    const decoded = decodeFilterValue(params.get(name) ?? '', parsed.op);
    if (!decoded) continue;
    const id = `${parsed.op}\u0000${parsed.field}`;
    const target = parsed.legacy ? legacy : current;
    if (!target.has(id)) target.set(id, { field: parsed.field, op: parsed.op, data: decoded.value });
  }
  for (const [id, filter] of legacy) if (!current.has(id)) current.set(id, filter);
  result.filters = [...current.values()];
  return result;
}

/** True for every parameter that belongs to this instance (including legacy filter names and the flag). */
export function isWidgetParam(name: string, options: WidgetUrlOptions): boolean {
  const names = widgetParamNames(options);
  return (
    name === names.query ||
    name === names.sorting ||
    name === names.queryId ||
    name === names.unkeyedQueryId ||
    name === SIDEWAYS_CLEAR_PARAM ||
    parseFilterParamName(name, options) !== undefined
  );
}

/** A copy of params without this instance's parameters; everything else is kept in order. */
export function stripWidgetState(params: URLSearchParams, options: WidgetUrlOptions): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of params) if (!isWidgetParam(name, options)) out.append(name, value);
  return out;
}

/** A copy of params with this instance's parameters replaced by `state` (legacy names are dropped). */
export function applyWidgetState(params: URLSearchParams, state: WidgetUrlState, options: WidgetUrlOptions): URLSearchParams {
  const out = stripWidgetState(params, options);
  for (const [name, value] of encodeWidgetState(state, options)) out.append(name, value);
  return out;
}
