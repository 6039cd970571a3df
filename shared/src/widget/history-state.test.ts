import { describe, expect, it } from 'vitest';
import {
  WIDGET_HISTORY_FIELDS,
  clearWidgetHistoryState,
  defaultWidgetHistoryState,
  historyStateKey,
  historyStatePrefix,
  pickWidgetHistoryState,
  readHistoryField,
  readWidgetHistoryState,
  widgetHistoryFieldChecks,
  putBackWidgetHistoryState,
  resetRowsAfterSubmit,
  scrollRestorationPadding,
  writeWidgetHistoryState,
} from './history-state';
import { widgetHistoryFieldSchemas } from './history-schemas';

describe('history-state keys (SPEC §2)', () => {
  it('prefixes with search{key}_ or category{key}_', () => {
    expect(historyStatePrefix('search', '')).toBe('search_');
    expect(historyStatePrefix('category', '2')).toBe('category2_');
    expect(historyStateKey('search', 'main', 'field_value')).toBe('searchmain_field_value');
    expect(historyStateKey('category', '', 'scroll_restoration_data')).toBe('category_scroll_restoration_data');
  });

  it('knows exactly the nine fields of SPEC §2', () => {
    expect([...WIDGET_HISTORY_FIELDS].sort()).toEqual(
      [
        'field_value',
        'filters_open',
        'sorting_open',
        'expanded_filters',
        'local_filter_cache',
        'expanded_hierarchical_filters',
        'showing_recommendation_rows',
        'content_results_rows',
        'scroll_restoration_data',
      ].sort(),
    );
    // The list the writers use is the reading schemas' fields, in their order.
    expect(WIDGET_HISTORY_FIELDS).toEqual(Object.keys(widgetHistoryFieldSchemas));
  });

  it('picks stored fields as they are, and writing them back restores them', () => {
    const state = { key: 'router', search_filters_open: true, search_expanded_filters: 'not checked here', category_filters_open: true };
    const picked = pickWidgetHistoryState(state, 'search', '', ['filters_open', 'expanded_filters', 'sorting_open']);
    expect(picked).toEqual({ search_filters_open: true, search_expanded_filters: 'not checked here' });
    const later = { ...state, search_filters_open: false, search_sorting_open: true, search_field_value: 'ray' };
    const restored = putBackWidgetHistoryState(later, 'search', '', ['filters_open', 'expanded_filters', 'sorting_open'], picked);
    expect(restored).toEqual({ ...later, search_filters_open: true, search_expanded_filters: 'not checked here', search_sorting_open: undefined });
    expect('search_sorting_open' in restored).toBe(false);
    expect(readWidgetHistoryState(restored, 'search', '')).toMatchObject({ filters_open: true, expanded_filters: [], sorting_open: false, field_value: 'ray' });
  });
});

describe('readWidgetHistoryState', () => {
  it('gives the defaults for a null or foreign history.state (2 recommendation rows, 1 content row)', () => {
    for (const s of [null, undefined, 'x', 5, {}, { other: 1 }]) {
      expect(readWidgetHistoryState(s, 'search', '')).toEqual({
        field_value: '',
        filters_open: false,
        sorting_open: false,
        expanded_filters: [],
        local_filter_cache: [],
        expanded_hierarchical_filters: [],
        showing_recommendation_rows: 2,
        content_results_rows: 1,
        scroll_restoration_data: [],
      });
    }
  });

  it('reads stored values of this instance only', () => {
    const state = {
      search1_field_value: 'ray',
      search1_filters_open: true,
      search1_showing_recommendation_rows: 6,
      search1_expanded_filters: [{ section: 'brand', expanded: true }],
      search1_expanded_hierarchical_filters: [{ value: ['Briller', 'Runde'], expanded: false }],
      search1_local_filter_cache: [{ field: 'brand', type: 'checkbox-grid' }],
      search2_field_value: 'other',
      category1_field_value: 'cat',
    };
    const read = readWidgetHistoryState(state, 'search', '1');
    expect(read.field_value).toBe('ray');
    expect(read.filters_open).toBe(true);
    expect(read.sorting_open).toBe(false);
    expect(read.showing_recommendation_rows).toBe(6);
    expect(read.expanded_filters).toEqual([{ section: 'brand', expanded: true }]);
    expect(read.expanded_hierarchical_filters).toEqual([{ value: ['Briller', 'Runde'], expanded: false }]);
    expect(read.local_filter_cache).toEqual([{ field: 'brand', type: 'checkbox-grid' }]);
    expect(readHistoryField(state, 'category', '1', 'field_value')).toBe('cat');
  });

  it('falls back to the default for a value of the wrong shape', () => {
    const state = {
      search_filters_open: 'yes',
      search_showing_recommendation_rows: -1,
      search_content_results_rows: 1.5,
      search_expanded_filters: [{ section: 1 }],
      search_scroll_restoration_data: { min_results_loaded: 3 },
    };
    const read = readWidgetHistoryState(state, 'search', '');
    expect(read.filters_open).toBe(false);
    expect(read.showing_recommendation_rows).toBe(2);
    expect(read.content_results_rows).toBe(1);
    expect(read.expanded_filters).toEqual([]);
    expect(read.scroll_restoration_data).toEqual([]);
  });

  it('defaults are fresh objects', () => {
    const a = defaultWidgetHistoryState();
    a.expanded_filters.push({ section: 'x', expanded: true });
    expect(defaultWidgetHistoryState().expanded_filters).toEqual([]);
  });
});

describe('writeWidgetHistoryState', () => {
  it('writes prefixed keys, keeps everything else and does not mutate the input', () => {
    const state = Object.freeze({ __router_key: 'abc', search2_field_value: 'keep', search1_sorting_open: true });
    const next = writeWidgetHistoryState(state, 'search', '1', { field_value: 'gucci', filters_open: true });
    expect(next).toEqual({ __router_key: 'abc', search2_field_value: 'keep', search1_sorting_open: true, search1_field_value: 'gucci', search1_filters_open: true });
    expect(readWidgetHistoryState(next, 'search', '1').field_value).toBe('gucci');
  });

  it('an explicit undefined removes the field; a null history.state starts empty', () => {
    const next = writeWidgetHistoryState({ category_filters_open: true }, 'category', '', { filters_open: undefined });
    expect(next).toEqual({});
    expect(writeWidgetHistoryState(null, 'category', '', { sorting_open: true })).toEqual({ category_sorting_open: true });
  });

  it('clear removes all of the instance\'s fields only', () => {
    const state = writeWidgetHistoryState({ x: 1, search_field_value: 'y' }, 'category', '', defaultWidgetHistoryState());
    expect(Object.keys(state)).toHaveLength(2 + 9);
    expect(clearWidgetHistoryState(state, 'category', '')).toEqual({ x: 1, search_field_value: 'y' });
  });

  it('after submit the row counts return to 2 and 1 (SPEC §4)', () => {
    const state = { search7_showing_recommendation_rows: 8, search7_content_results_rows: 4, search7_field_value: 'q' };
    expect(resetRowsAfterSubmit(state, '7')).toEqual({ search7_showing_recommendation_rows: 2, search7_content_results_rows: 1, search7_field_value: 'q' });
  });
});

describe('scrollRestorationPadding (SPEC §2: 500 px × min_results_loaded, default 150)', () => {
  const back = { isBackForward: true };

  it('pads 500 px per loaded result on back/forward', () => {
    const state = { category_scroll_restoration_data: [{ min_results_loaded: 40, for_id: 'c1' }] };
    expect(scrollRestorationPadding(state, 'category', '', back)).toBe(20000);
  });

  it('uses 150 results when the record has no usable count', () => {
    for (const min of [undefined, 0, -3, NaN, '40']) {
      const state = { search_scroll_restoration_data: [{ min_results_loaded: min, for_id: 'q' }] };
      expect(scrollRestorationPadding(state, 'search', '', back), String(min)).toBe(75000);
    }
  });

  it('is 0 without a record or when not navigating back/forward', () => {
    const state = { search_scroll_restoration_data: [{ min_results_loaded: 10, for_id: 'q' }] };
    expect(scrollRestorationPadding(state, 'search', '', { isBackForward: false })).toBe(0);
    expect(scrollRestorationPadding({ search_scroll_restoration_data: [] }, 'search', '', back)).toBe(0);
    expect(scrollRestorationPadding({ search_scroll_restoration_data: 'x' }, 'search', '', back)).toBe(0);
    expect(scrollRestorationPadding(null, 'search', '', back)).toBe(0);
    expect(scrollRestorationPadding(state, 'category', '', back)).toBe(0);
    expect(scrollRestorationPadding(state, 'search', '1', back)).toBe(0);
  });

  it('picks the record for a given id', () => {
    const state = {
      search_scroll_restoration_data: [
        { min_results_loaded: 10, for_id: 'a' },
        { min_results_loaded: 30, for_id: 'b' },
      ],
    };
    expect(scrollRestorationPadding(state, 'search', '', { isBackForward: true, forId: 'b' })).toBe(15000);
    expect(scrollRestorationPadding(state, 'search', '', { isBackForward: true, forId: 'zz' })).toBe(0);
    expect(scrollRestorationPadding(state, 'search', '', back)).toBe(5000);
  });
});

describe('widgetHistoryFieldChecks agree with widgetHistoryFieldSchemas', () => {
  const atoms: unknown[] = ['', 'gucci', true, false, 0, 1, 2, -1, 1.5, NaN, Infinity, -0, null, undefined, {}, [], [[]], 'x'];
  const entries: unknown[] = [
    { section: 'brand', expanded: true },
    { section: 'brand', expanded: 'yes' },
    { value: ['a', 'b'], expanded: false },
    { value: ['a', 1], expanded: false },
    { field: 'brand' },
    { field: 'brand', type: 'checkbox', meta: { group_title: 'Mærke' }, extra: 1 },
    { field: 'brand', meta: { group_title: 2 } },
    { field: 'brand', meta: [] },
    { field: 3 },
    { min_results_loaded: 30, for_id: 'q' },
    { min_results_loaded: -1, for_id: 'q' },
    { min_results_loaded: Infinity, for_id: 'q' },
    { for_id: 'q' },
    ['section', 'brand'],
  ];
  it('accept and refuse the same stored values, field by field', () => {
    let n = 1;
    const rand = () => (n = (n * 1103515245 + 12345) % 2147483648) / 2147483648;
    const values: unknown[] = [...atoms, ...entries];
    for (let i = 0; i < 400; i++) {
      const len = Math.floor(rand() * 4);
      values.push(Array.from({ length: len }, () => entries[Math.floor(rand() * entries.length)]));
    }
    values.push([, { section: 'a', expanded: true }]); // eslint-disable-line no-sparse-arrays
    let accepted = 0;
    for (const field of WIDGET_HISTORY_FIELDS) {
      for (const v of values) {
        const ok = widgetHistoryFieldChecks[field](v);
        expect({ field, v, ok }).toEqual({ field, v, ok: widgetHistoryFieldSchemas[field].safeParse(v).success });
        if (ok) accepted++;
      }
    }
    // Both sides of every field were exercised.
    expect(accepted).toBeGreaterThan(50);
  });
});
