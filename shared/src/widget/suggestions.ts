import type { z } from 'zod/mini';
import type { suggestionsResponseSchema } from '../schemas/widget';

export type Suggestion = z.infer<typeof suggestionsResponseSchema>['suggestions'][number];
export interface ContentLink {
  title: string;
  page_url: string;
}

// ---------------------------------------------------------------------------------------------
// Previous searches (SPEC §3: local storage 'depict_searches', a JSON list; §9: max 30)

export const PREVIOUS_SEARCHES_STORAGE_KEY = 'depict_searches';
export const MAX_PREVIOUS_SEARCHES = 30;

const fold = (s: string) => s.toLowerCase();

/** SPEC §5: an entry matches a query when it contains it, ignoring case. */
export function historyEntryMatches(entry: string, query: string): boolean {
  return fold(entry).includes(fold(query.trim()));
}

/**
 * The new list after a search: the query (trimmed) goes to the front, an older entry that differs
 * only in case is removed, and the list is cut to `max`. An empty query changes nothing.
 */
export function addPreviousSearch(list: readonly string[], query: string, max: number = MAX_PREVIOUS_SEARCHES): string[] {
  const q = query.trim();
  if (!q) return [...list].slice(0, max);
  return [q, ...list.filter((e) => fold(e) !== fold(q))].slice(0, max);
}

/** Removes every entry equal to `query` ignoring case (the "remove from history" button). */
export function removePreviousSearch(list: readonly string[], query: string): string[] {
  return list.filter((e) => fold(e) !== fold(query.trim()));
}

/**
 * Reads the stored JSON tolerantly: anything that is not a JSON list gives [], non-strings and
 * blank entries are dropped, case-insensitive duplicates collapse to the first, at most 30 kept.
 */
export function parsePreviousSearches(stored: string | null | undefined): string[] {
  if (!stored) return [];
  let data: unknown;
  try {
    data = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const item of data) {
    if (typeof item !== 'string' || !item.trim() || seen.has(fold(item.trim()))) continue;
    seen.add(fold(item.trim()));
    out.push(item.trim());
    if (out.length === MAX_PREVIOUS_SEARCHES) break;
  }
  return out;
}

export function serializePreviousSearches(list: readonly string[]): string {
  return JSON.stringify(list.slice(0, MAX_PREVIOUS_SEARCHES));
}

// ---------------------------------------------------------------------------------------------
// Panel composition (SPEC §9)

export const SUGGESTION_PANEL_LIMITS = {
  querySuggestions: 3,
  /** Shown while the field is empty. */
  previousSearches: 3,
  /** Previous searches matching the typed query. */
  historyMatches: 2,
  categorySuggestions: 2,
  /** Category and content suggestions together. */
  otherSuggestions: 3,
  contentLinks: 1,
} as const;

export type PanelEntry =
  | { kind: 'previous-search'; query: string }
  | { kind: 'history-match'; query: string }
  | { kind: 'query'; query: string }
  | { kind: 'category'; title: string; pageUrl: string; parentTitle?: string; isBrand: boolean }
  | { kind: 'content'; title: string; pageUrl: string }
  | { kind: 'content-link'; title: string; pageUrl: string };

export interface SuggestionPanelInput {
  query: string;
  /** Previous searches, most recent first. */
  history: readonly string[];
  suggestions: readonly Suggestion[];
  /** content_search_links of the instant results. */
  contentLinks?: readonly ContentLink[];
}

/**
 * The panel entries in keyboard order: previous searches (empty field) or history matches (typed
 * query), query suggestions, category suggestions, content suggestions, the content link.
 * Limits of SPEC §9 apply. Query suggestions repeating a shown history entry (ignoring case) are
 * dropped; category and content suggestions without a page_url cannot be opened and are dropped.
 */
export function composeSuggestionPanel(input: SuggestionPanelInput): PanelEntry[] {
  const L = SUGGESTION_PANEL_LIMITS;
  const query = input.query.trim();
  const entries: PanelEntry[] = [];
  const shownQueries = new Set<string>();

  const historyEntries = query
    ? input.history.filter((h) => historyEntryMatches(h, query)).slice(0, L.historyMatches)
    : input.history.slice(0, L.previousSearches);
  for (const h of historyEntries) {
    entries.push(query ? { kind: 'history-match', query: h } : { kind: 'previous-search', query: h });
    shownQueries.add(fold(h));
  }

  let queries = 0;
  for (const s of input.suggestions) {
    if (s.type !== 'query' || queries >= L.querySuggestions || !s.title.trim() || shownQueries.has(fold(s.title))) continue;
    entries.push({ kind: 'query', query: s.title });
    shownQueries.add(fold(s.title));
    queries++;
  }

  const categories = input.suggestions
    .filter((s): s is Suggestion & { page_url: string } => s.type === 'category' && !!s.page_url)
    .slice(0, L.categorySuggestions);
  for (const s of categories) {
    entries.push({
      kind: 'category',
      title: s.title,
      pageUrl: s.page_url,
      isBrand: s.category_type === 'BRAND',
      ...(s.parent_title !== undefined ? { parentTitle: s.parent_title } : {}),
    });
  }
  const contents = input.suggestions
    .filter((s): s is Suggestion & { page_url: string } => s.type === 'content' && !!s.page_url)
    .slice(0, L.otherSuggestions - categories.length);
  for (const s of contents) entries.push({ kind: 'content', title: s.title, pageUrl: s.page_url });

  for (const link of (input.contentLinks ?? []).slice(0, L.contentLinks)) {
    entries.push({ kind: 'content-link', title: link.title, pageUrl: link.page_url });
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Keyboard navigation (SPEC §4)

export interface SuggestionNavState {
  /** What the shopper typed. */
  typed: string;
  entries: readonly PanelEntry[];
  /** Index into entries of the highlighted entry; -1 = the typed text. */
  active: number;
  /** Instant product cards currently shown. */
  instantProductCount: number;
  /** All content results of the instant search (not only the one shown as a link). */
  contentResults: readonly ContentLink[];
}

export interface NavModifiers {
  ctrlKey?: boolean;
  metaKey?: boolean;
}

export type NavAction =
  | { type: 'submit-query'; query: string; newTab: boolean }
  | { type: 'open-page'; url: string; newTab: boolean }
  | { type: 'close' };

export interface NavResult {
  state: SuggestionNavState;
  action?: NavAction;
  /** True when the key was used and the caller should preventDefault (arrows must not move the caret). */
  handled: boolean;
}

export function createNavState(input: Partial<SuggestionNavState> = {}): SuggestionNavState {
  return { typed: '', entries: [], active: -1, instantProductCount: 0, contentResults: [], ...input };
}

/** New text typed: the highlight goes back to the text. */
export function typeText(state: SuggestionNavState, typed: string): SuggestionNavState {
  return { ...state, typed, active: -1 };
}

/** New panel contents: the highlight goes back to the text, since indexes no longer mean the same. */
export function replaceEntries(state: SuggestionNavState, update: Pick<SuggestionNavState, 'entries'> & Partial<Pick<SuggestionNavState, 'instantProductCount' | 'contentResults'>>): SuggestionNavState {
  return { ...state, ...update, active: -1 };
}

const isQueryEntry = (e: PanelEntry): e is Extract<PanelEntry, { query: string }> =>
  e.kind === 'previous-search' || e.kind === 'history-match' || e.kind === 'query';

/** The text the field shows: the highlighted query, else what was typed. */
export function displayedText(state: SuggestionNavState): string {
  const entry = state.entries[state.active];
  return entry && isQueryEntry(entry) ? entry.query : state.typed;
}

/**
 * SPEC §4: with no suggestions, no instant products, exactly one content result and no matching
 * history, Enter on the typed text goes to that content page.
 */
export function soleContentResult(state: SuggestionNavState): ContentLink | undefined {
  const onlyLinks = state.entries.every((e) => e.kind === 'content-link');
  if (!onlyLinks || state.instantProductCount > 0 || state.contentResults.length !== 1) return undefined;
  return state.contentResults[0];
}

/**
 * Up/Down cycle through the entries and back to the typed text (−1); Enter submits the typed or
 * highlighted query, or opens the highlighted page (Ctrl/Meta: in a new tab); Escape closes.
 * Other keys leave the state alone.
 */
export function navigate(state: SuggestionNavState, key: string, modifiers: NavModifiers = {}): NavResult {
  const n = state.entries.length;
  const newTab = !!(modifiers.ctrlKey || modifiers.metaKey);
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      if (n === 0) return { state, handled: false };
      // Positions 0..n-1 are entries, n is the typed text; step around the cycle of n + 1.
      const pos = state.active < 0 || state.active >= n ? n : state.active;
      const next = (pos + (key === 'ArrowDown' ? 1 : n)) % (n + 1);
      return { state: { ...state, active: next === n ? -1 : next }, handled: true };
    }
    case 'Enter': {
      const entry = state.entries[state.active];
      if (entry) {
        if (isQueryEntry(entry)) {
          return { state: { ...state, typed: entry.query, active: -1 }, action: { type: 'submit-query', query: entry.query, newTab }, handled: true };
        }
        return { state: { ...state, active: -1 }, action: { type: 'open-page', url: entry.pageUrl, newTab }, handled: true };
      }
      const sole = soleContentResult(state);
      if (sole && state.typed.trim()) {
        return { state, action: { type: 'open-page', url: sole.page_url, newTab }, handled: true };
      }
      const query = state.typed.trim();
      // SPEC §5: the search query is required; an empty field submits nothing.
      if (!query) return { state, handled: true };
      return { state: { ...state, active: -1 }, action: { type: 'submit-query', query, newTab }, handled: true };
    }
    case 'Escape':
      return { state: { ...state, active: -1 }, action: { type: 'close' }, handled: true };
    default:
      return { state, handled: false };
  }
}
