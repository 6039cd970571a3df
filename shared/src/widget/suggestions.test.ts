import { describe, expect, it } from 'vitest';
import {
  MAX_PREVIOUS_SEARCHES,
  PREVIOUS_SEARCHES_STORAGE_KEY,
  addPreviousSearch,
  composeSuggestionPanel,
  createNavState,
  displayedText,
  historyEntryMatches,
  navigate,
  parsePreviousSearches,
  removePreviousSearch,
  replaceEntries,
  serializePreviousSearches,
  soleContentResult,
  typeText,
  type PanelEntry,
  type Suggestion,
  type SuggestionNavState,
} from './suggestions';

const q = (title: string): Suggestion => ({ type: 'query', title });
const cat = (title: string, page_url?: string, extra: Partial<Suggestion> = {}): Suggestion => ({ type: 'category', title, ...(page_url ? { page_url } : {}), ...extra });
const content = (title: string, page_url?: string): Suggestion => ({ type: 'content', title, ...(page_url ? { page_url } : {}) });

describe('previous searches store', () => {
  it('uses the storage key depict_searches and keeps at most 30', () => {
    expect(PREVIOUS_SEARCHES_STORAGE_KEY).toBe('depict_searches');
    expect(MAX_PREVIOUS_SEARCHES).toBe(30);
  });

  it('adds to the front, trimmed', () => {
    expect(addPreviousSearch(['gucci'], '  ray-ban ')).toEqual(['ray-ban', 'gucci']);
  });

  it('dedupes case-insensitively, keeping the newest spelling at the front', () => {
    expect(addPreviousSearch(['gucci', 'Ray-Ban', 'prada'], 'RAY-BAN')).toEqual(['RAY-BAN', 'gucci', 'prada']);
    expect(addPreviousSearch(['Øjendråber'], 'øjendråber')).toEqual(['øjendråber']);
  });

  it('caps at 30, dropping the oldest', () => {
    const full = Array.from({ length: 30 }, (_, i) => `s${i}`);
    const next = addPreviousSearch(full, 'new');
    expect(next).toHaveLength(30);
    expect(next[0]).toBe('new');
    expect(next).not.toContain('s29');
    expect(addPreviousSearch(['a', 'b', 'c'], 'd', 2)).toEqual(['d', 'a']);
  });

  it('ignores an empty query and does not mutate the input', () => {
    const list = Object.freeze(['a']);
    expect(addPreviousSearch(list, '   ')).toEqual(['a']);
    expect(addPreviousSearch(list, 'b')).toEqual(['b', 'a']);
    expect(list).toEqual(['a']);
  });

  it('removes an entry ignoring case', () => {
    expect(removePreviousSearch(['Gucci', 'prada'], 'gucci')).toEqual(['prada']);
  });

  it('parses stored JSON tolerantly and serializes back', () => {
    expect(parsePreviousSearches(null)).toEqual([]);
    expect(parsePreviousSearches('')).toEqual([]);
    expect(parsePreviousSearches('{not json')).toEqual([]);
    expect(parsePreviousSearches('{"a":1}')).toEqual([]);
    expect(parsePreviousSearches('["gucci", 5, null, "  ", "GUCCI", " prada "]')).toEqual(['gucci', 'prada']);
    expect(parsePreviousSearches(JSON.stringify(Array.from({ length: 40 }, (_, i) => `s${i}`)))).toHaveLength(30);
    expect(parsePreviousSearches(serializePreviousSearches(['æble', 'ø']))).toEqual(['æble', 'ø']);
    expect(JSON.parse(serializePreviousSearches(Array.from({ length: 35 }, (_, i) => `s${i}`)))).toHaveLength(30);
  });
});

describe('historyEntryMatches (SPEC §5: case-insensitive inclusion)', () => {
  it('matches by inclusion ignoring case', () => {
    expect(historyEntryMatches('Ray-Ban solbriller', 'ray')).toBe(true);
    expect(historyEntryMatches('Ray-Ban solbriller', 'SOLB')).toBe(true);
    expect(historyEntryMatches('ØJENDRÅBER', 'dråbe')).toBe(true);
    expect(historyEntryMatches('gucci', 'prada')).toBe(false);
    expect(historyEntryMatches('ray', 'ray-ban')).toBe(false);
  });
});

describe('composeSuggestionPanel (SPEC §9 limits)', () => {
  const history = ['ray-ban', 'gucci', 'Ray-Ban junior', 'prada', 'tom ford', 'rayban'];

  it('empty field: up to 3 previous searches, no history matches', () => {
    const entries = composeSuggestionPanel({ query: '  ', history, suggestions: [] });
    expect(entries).toEqual([
      { kind: 'previous-search', query: 'ray-ban' },
      { kind: 'previous-search', query: 'gucci' },
      { kind: 'previous-search', query: 'Ray-Ban junior' },
    ]);
  });

  it('typed query: up to 2 matching history entries', () => {
    const entries = composeSuggestionPanel({ query: 'RAY', history, suggestions: [] });
    expect(entries).toEqual([
      { kind: 'history-match', query: 'ray-ban' },
      { kind: 'history-match', query: 'Ray-Ban junior' },
    ]);
  });

  it('up to 3 query suggestions, skipping ones already shown from history', () => {
    const entries = composeSuggestionPanel({
      query: 'ray',
      history,
      suggestions: [q('RAY-BAN'), q('ray-ban aviator'), q('ray-ban wayfarer'), q('ray-ban clubmaster'), q('ray-ban round')],
    });
    expect(entries.filter((e) => e.kind === 'query')).toEqual([
      { kind: 'query', query: 'ray-ban aviator' },
      { kind: 'query', query: 'ray-ban wayfarer' },
      { kind: 'query', query: 'ray-ban clubmaster' },
    ]);
  });

  it('up to 2 categories and 3 other suggestions in total, plus 1 content link', () => {
    const entries = composeSuggestionPanel({
      query: 'sol',
      history: [],
      suggestions: [
        cat('Solbriller', '/solbriller', { parent_title: 'Briller' }),
        cat('Ray-Ban', '/solbriller/ray-ban', { category_type: 'BRAND' }),
        cat('Solbriller til børn', '/solbriller/barn'),
        content('Solbriller med styrke – guide', '/guide-sol'),
        content('Polariserede glas', '/polariserede'),
        q('solbriller'),
      ],
      contentLinks: [
        { title: 'Om solbriller', page_url: '/om-sol' },
        { title: 'Pleje', page_url: '/pleje' },
      ],
    });
    expect(entries).toEqual<PanelEntry[]>([
      { kind: 'query', query: 'solbriller' },
      { kind: 'category', title: 'Solbriller', pageUrl: '/solbriller', parentTitle: 'Briller', isBrand: false },
      { kind: 'category', title: 'Ray-Ban', pageUrl: '/solbriller/ray-ban', isBrand: true },
      { kind: 'content', title: 'Solbriller med styrke – guide', pageUrl: '/guide-sol' },
      { kind: 'content-link', title: 'Om solbriller', pageUrl: '/om-sol' },
    ]);
  });

  it('with fewer categories, content suggestions fill up to 3 others', () => {
    const entries = composeSuggestionPanel({
      query: 'x',
      history: [],
      suggestions: [content('a', '/a'), content('b', '/b'), content('c', '/c'), content('d', '/d'), cat('k', '/k')],
    });
    expect(entries.map((e) => e.kind)).toEqual(['category', 'content', 'content']);
  });

  it('drops suggestions without a page URL and blank query suggestions', () => {
    const entries = composeSuggestionPanel({ query: 'x', history: [], suggestions: [cat('no url'), content('no url'), q('  ')] });
    expect(entries).toEqual([]);
  });
});

describe('navigate (SPEC §4 keyboard navigation)', () => {
  const entries: PanelEntry[] = [
    { kind: 'history-match', query: 'ray-ban' },
    { kind: 'query', query: 'ray-ban aviator' },
    { kind: 'category', title: 'Ray-Ban', pageUrl: '/solbriller/ray-ban', isBrand: true },
    { kind: 'content', title: 'Guide', pageUrl: '/guide' },
  ];
  const base = createNavState({ typed: 'ray', entries, instantProductCount: 4 });
  const press = (s: SuggestionNavState, ...keys: string[]) => keys.reduce((acc, k) => navigate(acc, k).state, s);

  it('Down walks through history, queries, categories, content, then back to the typed text', () => {
    const seen: number[] = [];
    let s = base;
    for (let i = 0; i < 5; i++) {
      const r = navigate(s, 'ArrowDown');
      expect(r.handled).toBe(true);
      expect(r.action).toBeUndefined();
      s = r.state;
      seen.push(s.active);
    }
    expect(seen).toEqual([0, 1, 2, 3, -1]);
  });

  it('Up goes the other way round', () => {
    expect(press(base, 'ArrowUp').active).toBe(3);
    expect(press(base, 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp').active).toBe(-1);
    expect(press(base, 'ArrowDown', 'ArrowUp').active).toBe(-1);
  });

  it('the field shows the highlighted query, and the typed text again at the end', () => {
    expect(displayedText(press(base, 'ArrowDown'))).toBe('ray-ban');
    expect(displayedText(press(base, 'ArrowDown', 'ArrowDown'))).toBe('ray-ban aviator');
    expect(displayedText(press(base, 'ArrowDown', 'ArrowDown', 'ArrowDown'))).toBe('ray');
    expect(displayedText(press(base, 'ArrowUp', 'ArrowDown'))).toBe('ray');
  });

  it('arrows with no entries do nothing and are not handled', () => {
    const empty = createNavState({ typed: 'x' });
    expect(navigate(empty, 'ArrowDown')).toEqual({ state: empty, handled: false });
  });

  it('an out-of-range active index is treated as the typed text', () => {
    expect(navigate({ ...base, active: 99 }, 'ArrowDown').state.active).toBe(0);
  });

  it('Enter on the typed text submits it (trimmed)', () => {
    const r = navigate({ ...base, typed: '  ray ' }, 'Enter');
    expect(r.action).toEqual({ type: 'submit-query', query: 'ray', newTab: false });
  });

  it('Enter on an empty field submits nothing', () => {
    const r = navigate(createNavState({ typed: '   ' }), 'Enter');
    expect(r.action).toBeUndefined();
  });

  it('Enter on a history entry or query suggestion submits that query', () => {
    const r1 = navigate(press(base, 'ArrowDown'), 'Enter');
    expect(r1.action).toEqual({ type: 'submit-query', query: 'ray-ban', newTab: false });
    expect(r1.state.typed).toBe('ray-ban');
    expect(r1.state.active).toBe(-1);
    expect(navigate(press(base, 'ArrowDown', 'ArrowDown'), 'Enter').action).toEqual({ type: 'submit-query', query: 'ray-ban aviator', newTab: false });
  });

  it('Enter on a category or content entry goes to its page; Ctrl or Meta opens a new tab', () => {
    const onCategory = press(base, 'ArrowDown', 'ArrowDown', 'ArrowDown');
    expect(navigate(onCategory, 'Enter').action).toEqual({ type: 'open-page', url: '/solbriller/ray-ban', newTab: false });
    expect(navigate(onCategory, 'Enter', { ctrlKey: true }).action).toEqual({ type: 'open-page', url: '/solbriller/ray-ban', newTab: true });
    expect(navigate(press(base, 'ArrowUp'), 'Enter', { metaKey: true }).action).toEqual({ type: 'open-page', url: '/guide', newTab: true });
    expect(navigate(press(base, 'ArrowDown'), 'Enter', { metaKey: true }).action).toEqual({ type: 'submit-query', query: 'ray-ban', newTab: true });
  });

  it('Escape closes', () => {
    expect(navigate(press(base, 'ArrowDown'), 'Escape')).toEqual({ state: { ...base, active: -1 }, action: { type: 'close' }, handled: true });
  });

  it('other keys change nothing', () => {
    expect(navigate(base, 'a')).toEqual({ state: base, handled: false });
    expect(navigate(base, 'Tab')).toEqual({ state: base, handled: false });
  });

  describe('the single content result rule', () => {
    const link = { title: 'Synstest', page_url: '/bestil-tid-til-synstest' };
    const only = createNavState({
      typed: 'synstest',
      entries: [{ kind: 'content-link', title: link.title, pageUrl: link.page_url }],
      instantProductCount: 0,
      contentResults: [link],
    });

    it('Enter goes to that content page', () => {
      expect(soleContentResult(only)).toEqual(link);
      expect(navigate(only, 'Enter').action).toEqual({ type: 'open-page', url: '/bestil-tid-til-synstest', newTab: false });
      expect(navigate(only, 'Enter', { ctrlKey: true }).action).toEqual({ type: 'open-page', url: '/bestil-tid-til-synstest', newTab: true });
    });

    it('does not apply with instant products, suggestions, matching history or several content results', () => {
      const cases: SuggestionNavState[] = [
        { ...only, instantProductCount: 1 },
        { ...only, entries: [...only.entries, { kind: 'query', query: 'synstest børn' }] },
        { ...only, entries: [{ kind: 'history-match', query: 'synstest' }, ...only.entries] },
        { ...only, entries: [{ kind: 'content', title: 'x', pageUrl: '/x' }] },
        { ...only, contentResults: [link, { title: 'Andet', page_url: '/andet' }] },
        { ...only, contentResults: [] },
      ];
      for (const s of cases) {
        expect(soleContentResult(s)).toBeUndefined();
        expect(navigate(s, 'Enter').action).toEqual({ type: 'submit-query', query: 'synstest', newTab: false });
      }
    });
  });

  it('typing or new entries reset the highlight to the typed text', () => {
    const moved = press(base, 'ArrowDown', 'ArrowDown');
    expect(typeText(moved, 'rayb')).toEqual({ ...base, typed: 'rayb', active: -1 });
    const replaced = replaceEntries(moved, { entries: entries.slice(0, 1), instantProductCount: 0 });
    expect(replaced.active).toBe(-1);
    expect(replaced.entries).toHaveLength(1);
    expect(replaced.instantProductCount).toBe(0);
  });

  it('composeSuggestionPanel output drives navigate end to end', () => {
    const panel = composeSuggestionPanel({ query: 'guc', history: ['Gucci'], suggestions: [q('gucci solbriller'), cat('Gucci', '/briller/gucci', { category_type: 'BRAND' })] });
    let s = createNavState({ typed: 'guc', entries: panel, instantProductCount: 4 });
    s = press(s, 'ArrowDown', 'ArrowDown', 'ArrowDown');
    expect(navigate(s, 'Enter').action).toEqual({ type: 'open-page', url: '/briller/gucci', newTab: false });
  });
});
