import { describe, expect, it } from 'vitest';
import { utf8ToBase64 } from './base64';
import {
  EMPTY_STRING_TOKEN,
  applyWidgetState,
  decodeFilterValue,
  decodeSorting,
  decodeWidgetState,
  encodeFilterValue,
  encodeSorting,
  encodeWidgetState,
  filterParamName,
  isJsonRoundTrippable,
  parseFilterParamName,
  stripWidgetState,
  widgetParamNames,
  type FilterOperator,
  type SelectedFilter,
} from './url-codec';
import { claimInstanceKey } from './instances';

const K1 = { key: '1' };

/** Encode, put through a real URL string, decode: what a shared link does. */
function throughUrl(value: unknown): unknown {
  const encoded = encodeFilterValue(value);
  if (encoded === undefined) throw new Error(`not encodable: ${JSON.stringify(value)}`);
  const url = new URL('https://shop.example/s?' + new URLSearchParams([['v', encoded]]).toString());
  const decoded = decodeFilterValue(url.searchParams.get('v') ?? '');
  if (!decoded) throw new Error(`not decodable: ${encoded}`);
  return decoded.value;
}

// Small seeded PRNG so the property-style tests are reproducible without extra dependencies.
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const PIECES = ['a', 'Æble', 'ø', 'å', 'ÆØÅ', ' ', ',', '-', '+', '/', '=', '&', '?', '#', '%', '%20', '"', '\\', '😀', '👓', '🔢', '📈', '≡', '∈', '‚', '‣', '0️⃣', '0', '1', '12', '-3', 'true', 'null', '{}', '[', 'é', '\n', '中'];
function randomString(r: () => number): string {
  const n = Math.floor(r() * 4);
  let s = '';
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(r() * PIECES.length)];
  return s;
}
function randomNumber(r: () => number): number {
  const kind = Math.floor(r() * 5);
  if (kind === 0) return Math.floor(r() * 2000) - 1000;
  if (kind === 1) return Math.round((r() - 0.5) * 100000) / 100;
  if (kind === 2) return (r() - 0.5) * 1e-9;
  if (kind === 3) return (r() - 0.5) * 1e25;
  return r();
}
function randomValue(r: () => number, depth = 0): unknown {
  const kind = Math.floor(r() * (depth > 2 ? 5 : 9));
  switch (kind) {
    case 0:
      return randomString(r);
    case 1:
      return randomNumber(r);
    case 2:
      return r() < 0.5;
    case 3:
      return null;
    case 4:
      return [randomNumber(r), randomNumber(r)];
    case 5:
      return Array.from({ length: Math.floor(r() * 4) }, () => randomString(r));
    case 6:
      return Array.from({ length: Math.floor(r() * 3) }, () => Array.from({ length: Math.floor(r() * 3) }, () => randomString(r)));
    case 7:
      return Array.from({ length: Math.floor(r() * 3) }, () => randomValue(r, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: Math.floor(r() * 3) }, () => [randomString(r), randomValue(r, depth + 1)]));
  }
}
const normalizeNegativeZero = (v: unknown): unknown => JSON.parse(JSON.stringify(v)) as unknown;

describe('encodeFilterValue / decodeFilterValue: the readable encodings of SPEC §2', () => {
  it('booleans are 1 and 0', () => {
    expect(encodeFilterValue(true)).toBe('1');
    expect(encodeFilterValue(false)).toBe('0');
    expect(decodeFilterValue('1')).toEqual({ value: true });
    expect(decodeFilterValue('0')).toEqual({ value: false });
  });

  it('the strings "true" and "false" are not booleans and survive as strings', () => {
    expect(encodeFilterValue('true')).not.toBe('1');
    expect(throughUrl('true')).toBe('true');
    expect(throughUrl('false')).toBe('false');
  });

  it('a numeric range is written a-b, including negatives, decimals and exponents', () => {
    expect(encodeFilterValue([100, 500])).toBe('100-500');
    expect(encodeFilterValue([-5, 10])).toBe('-5-10');
    expect(encodeFilterValue([-5, -1.5])).toBe('-5--1.5');
    expect(encodeFilterValue([0.25, 99.99])).toBe('0.25-99.99');
    expect(decodeFilterValue('-5--1.5')).toEqual({ value: [-5, -1.5] });
    expect(decodeFilterValue('10--3')).toEqual({ value: [10, -3] });
    expect(decodeFilterValue('1e-7-2')).toEqual({ value: [1e-7, 2] });
    expect(throughUrl([1e21, -2e-9])).toEqual([1e21, -2e-9]);
  });

  it('-0 is written as 0 (documented normalization)', () => {
    expect(encodeFilterValue([-0, 5])).toBe('0-5');
  });

  it('a list of strings is joined by the low comma; one item keeps a trailing low comma', () => {
    expect(encodeFilterValue(['Ray-Ban', 'Gucci'])).toBe('Ray-Ban\u201AGucci');
    expect(encodeFilterValue(['Gucci'])).toBe('Gucci\u201A');
    expect(decodeFilterValue('Gucci\u201A')).toEqual({ value: ['Gucci'] });
    expect(decodeFilterValue('Ray-Ban\u201AGucci')).toEqual({ value: ['Ray-Ban', 'Gucci'] });
  });

  it('a one-item list does not decode as a plain string', () => {
    expect(throughUrl(['rund'])).toEqual(['rund']);
    expect(throughUrl('rund')).toBe('rund');
  });

  it('the empty string is the keycap zero, also inside lists', () => {
    expect(encodeFilterValue('')).toBe(EMPTY_STRING_TOKEN);
    expect(decodeFilterValue(EMPTY_STRING_TOKEN)).toEqual({ value: '' });
    expect(decodeFilterValue('0\u20E3')).toEqual({ value: '' });
    expect(encodeFilterValue(['', 'a'])).toBe(`${EMPTY_STRING_TOKEN}\u201Aa`);
    expect(throughUrl([''])).toEqual(['']);
    expect(throughUrl(['a', ''])).toEqual(['a', '']);
  });

  it('lists of lists are joined by the triangular bullet with a trailing one', () => {
    expect(encodeFilterValue([['Briller', 'Runde'], ['Solbriller']])).toBe('Briller\u201ARunde\u2023Solbriller\u2023');
    expect(decodeFilterValue('Briller\u201ARunde\u2023Solbriller\u2023')).toEqual({ value: [['Briller', 'Runde'], ['Solbriller']] });
    expect(throughUrl([['a']])).toEqual([['a']]);
    expect(throughUrl([[''], ['x', '']])).toEqual([[''], ['x', '']]);
  });

  it('other values are standard base64 of the UTF-8 JSON', () => {
    expect(encodeFilterValue('rød')).toBe(utf8ToBase64('"rød"'));
    expect(encodeFilterValue('rød')).toBe('InLDuGQi');
    expect(encodeFilterValue(500)).toBe('NTAw');
    expect(encodeFilterValue({ a: 1 })).toBe('eyJhIjoxfQ==');
    expect(encodeFilterValue([1, 2, 3])).toBe(utf8ToBase64('[1,2,3]'));
    expect(encodeFilterValue(null)).toBe(utf8ToBase64('null'));
  });

  it('strings with reserved characters make a list fall back to base64', () => {
    for (const list of [['a\u201Ab'], ['x', 'a\u2023'], [EMPTY_STRING_TOKEN], [['a\u201A']], [['a'], []]]) {
      const encoded = encodeFilterValue(list);
      expect(encoded, JSON.stringify(list)).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(throughUrl(list)).toEqual(list);
    }
  });

  it('values that would not survive JSON are not encodable', () => {
    for (const v of [undefined, NaN, Infinity, () => 1, new Date(0), [1, undefined], { a: undefined }, '\uD800x', [NaN, 1], new Map()]) {
      expect(encodeFilterValue(v), String(v)).toBeUndefined();
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(encodeFilterValue(cyclic)).toBeUndefined();
    // eslint-disable-next-line no-sparse-arrays
    expect(encodeFilterValue(['a', , 'b'])).toBeUndefined();
  });

  it('the same object twice (not a cycle) is fine', () => {
    const shared = { x: 1 };
    expect(throughUrl([shared, shared])).toEqual([{ x: 1 }, { x: 1 }]);
  });

  it('undecodable text is ignored, never thrown', () => {
    for (const text of ['', 'not base64!', '@@@', 'a', 'abcde', '////', utf8ToBase64('{oops'), '1-2-3', '5-', '-']) {
      expect(() => decodeFilterValue(text)).not.toThrow();
      expect(decodeFilterValue(text), text).toBeUndefined();
    }
  });

  it("issue 18: reads what Depict's client writes — 1/0, an empty list as ‣ or ‚‚, inrange with any number of numbers", () => {
    const depict = (query: string) => decodeWidgetState(new URLSearchParams(query), { key: '' }).filters;
    expect(depict('f_polariserede%20glas%E2%89%A1=1')).toEqual([{ field: 'polariserede glas', op: 'eq', data: true }]);
    expect(depict('f_tilbud%E2%89%A1=0')).toEqual([{ field: 'tilbud', op: 'eq', data: false }]);
    for (const empty of ['\u2023', '\u201A\u201A', '\u201A', '\u201A\u2023']) expect(decodeFilterValue(empty), empty).toEqual({ value: [] });
    expect(depict(`f_m%C3%A6rke=${encodeURIComponent('\u2023')}`)).toEqual([{ field: 'mærke', op: 'in', data: [] }]);
    expect(depict(`f_pris%F0%9F%94%A2=1-2-3`)).toEqual([{ field: 'pris', op: 'inrange', data: [1, 2, 3] }]);
    expect(depict(`f_pris%F0%9F%94%A2=100-500`)).toEqual([{ field: 'pris', op: 'inrange', data: [100, 500] }]);
    expect(decodeFilterValue('1-2-3', 'inrange')).toEqual({ value: [1, 2, 3] });
    expect(decodeFilterValue('1-2-3', 'in')).toBeUndefined();
    expect(decodeFilterValue('1.5-2.25-3', 'inrange')).toEqual({ value: [1.5, 2.25, 3] });
  });

  it("issue 18: writes what Depict's client reads — no range form outside inrange, no signs in a range, [] as ‣", () => {
    const written = (filters: SelectedFilter[]) => Object.fromEntries(encodeWidgetState({ filters }, { key: '' }));
    // A two-number list under `in` is not a range: Depict reads ranges only under inrange and would drop it.
    expect(written([{ field: 'power', op: 'in', data: [100, 500] }])).toEqual({ f_power: utf8ToBase64('[100,500]') });
    expect(written([{ field: 'price', op: 'inrange', data: [100, 500] }])).toEqual({ 'f_price🔢': '100-500' });
    expect(written([{ field: 'price', op: 'inrange', data: [1, 2, 3] }])).toEqual({ 'f_price🔢': '1-2-3' });
    // Depict splits on every hyphen: a negative bound (or an exponent) goes as base64 JSON, which it reads.
    expect(written([{ field: 'power', op: 'inrange', data: [-5, -1.5] }])).toEqual({ 'f_power🔢': utf8ToBase64('[-5,-1.5]') });
    expect(written([{ field: 'x', op: 'inrange', data: [1e-7, 2] }])).toEqual({ 'f_x🔢': utf8ToBase64('[1e-7,2]') });
    expect(written([{ field: 'brand', op: 'in', data: [] }])).toEqual({ f_brand: '\u2023' });
    expect(written([{ field: 'polarized', op: 'eq', data: true }])).toEqual({ 'f_polarized≡': '1' });
    // And each reads back the same in ours.
    for (const f of [
      { field: 'power', op: 'in', data: [100, 500] },
      { field: 'price', op: 'inrange', data: [1, 2, 3] },
      { field: 'power', op: 'inrange', data: [-5, -1.5] },
      { field: 'brand', op: 'in', data: [] },
    ] as SelectedFilter[]) {
      expect(decodeWidgetState(new URLSearchParams(encodeWidgetState({ filters: [f] }, { key: '' })), { key: '' }).filters).toEqual([f]);
    }
  });

  it('invalid UTF-8 inside base64 is ignored', () => {
    expect(decodeFilterValue('/w==')).toBeUndefined(); // 0xFF
  });

  it('reads base64 of URI-encoded JSON (the form SPEC §2 describes) and URL-safe base64', () => {
    expect(decodeFilterValue(utf8ToBase64(encodeURIComponent('"rød 50%"')))).toEqual({ value: 'rød 50%' });
    expect(decodeFilterValue(utf8ToBase64('"??>"').replace(/\//g, '_').replace(/\+/g, '-').replace(/=+$/, ''))).toEqual({ value: '??>' });
    expect(decodeFilterValue('InLDuGQi'.replace(/=/g, ''))).toEqual({ value: 'rød' });
  });

  it('a base64 "+" that became a space in a hand-written URL still decodes', () => {
    const encoded = encodeFilterValue('>>>?');
    expect(encoded).toContain('+');
    expect(decodeFilterValue(encoded!.replace(/\+/g, ' '))).toEqual({ value: '>>>?' });
  });

  it('round-trips many generated values through a real URL', () => {
    const r = rng(20240611);
    let checked = 0;
    for (let i = 0; i < 3000; i++) {
      const value = randomValue(r);
      if (encodeFilterValue(value) === undefined) continue;
      expect(throughUrl(value), JSON.stringify(value)).toEqual(normalizeNegativeZero(value));
      checked++;
    }
    expect(checked).toBeGreaterThan(2900);
  });

  it('round-trips hand-picked tricky values', () => {
    const values: unknown[] = [
      'æøå ÆØÅ', '👓🕶️', 'a,b', 'a-b', '-1', '1', '0', '1-2', '', ' ', '%', '+', 'Zm9v', 'W10=', EMPTY_STRING_TOKEN,
      0, 1, -1, 12.5, -0.5, 1e-7, 2 ** 53, [1, 2], [-1, -2], [0.1, 0.2], [1, 2, 3], [1], ['1', '2'], ['1'], ['a-b'],
      ['æ', 'ø', 'å'], [['æ', 'ø'], ['å']], [['a'], ['b']], { a: [1, { b: 'ø' }] }, { '': '' }, [true, false], [null], [['1', '2']],
      [[1, 2]], [['a'], 'b'], true, false, null, ['true'], [[]], [], {},
    ];
    for (const v of values) expect(throughUrl(v), JSON.stringify(v)).toEqual(v);
  });
});

describe('sorting', () => {
  it('writes field + 📈 / 📉', () => {
    expect(encodeSorting({ field: 'price', order: 'asc' })).toBe('price📈');
    expect(encodeSorting({ field: 'price', order: 'desc' })).toBe('price📉');
    expect(encodeSorting({ field: '', order: 'desc' })).toBeUndefined();
  });

  it('reads it back and ignores values without the symbol', () => {
    expect(decodeSorting('price📈')).toEqual({ field: 'price', order: 'asc' });
    expect(decodeSorting('sale_price📉')).toEqual({ field: 'sale_price', order: 'desc' });
    expect(decodeSorting('price')).toBeUndefined();
    expect(decodeSorting('price📈x')).toBeUndefined();
    expect(decodeSorting('📈')).toBeUndefined();
    expect(decodeSorting('')).toBeUndefined();
  });

  it('a field containing a chart symbol keeps it', () => {
    expect(decodeSorting(encodeSorting({ field: 'a📉b', order: 'asc' })!)).toEqual({ field: 'a📉b', order: 'asc' });
  });
});

describe('filter parameter names', () => {
  const ops: [FilterOperator, string][] = [
    ['eq', '≡'],
    ['neq', '≠'],
    ['in', ''],
    ['nin', '∉'],
    ['leq', '≤'],
    ['geq', '≥'],
    ['inrange', '🔢'],
  ];

  it.each(ops)('%s is written with "%s"', (op, symbol) => {
    expect(filterParamName({ field: 'brand', op }, K1)).toBe(`f1_brand${symbol}`);
    expect(parseFilterParamName(`f1_brand${symbol}`, K1)).toEqual({ field: 'brand', op, legacy: false });
  });

  it('∈ is accepted when reading as "in"', () => {
    expect(parseFilterParamName('f1_brand∈', K1)).toEqual({ field: 'brand', op: 'in', legacy: false });
  });

  it('"in" on a field ending in an operator symbol is written with ∈ so it reads back', () => {
    expect(filterParamName({ field: 'size≤', op: 'in' }, K1)).toBe('f1_size≤∈');
    expect(parseFilterParamName('f1_size≤∈', K1)).toEqual({ field: 'size≤', op: 'in', legacy: false });
    expect(parseFilterParamName(filterParamName({ field: 'size≤', op: 'eq' }, K1), K1)).toEqual({ field: 'size≤', op: 'eq', legacy: false });
  });

  it('reads the legacy prefixes filter_{key}_ and filter_', () => {
    expect(parseFilterParamName('filter_1_color≠', K1)).toEqual({ field: 'color', op: 'neq', legacy: true });
    expect(parseFilterParamName('filter_color', K1)).toEqual({ field: 'color', op: 'in', legacy: true });
  });

  it('ignores other parameters and an empty field', () => {
    expect(parseFilterParamName('f2_color', K1)).toBeUndefined();
    expect(parseFilterParamName('utm_source', K1)).toBeUndefined();
    expect(parseFilterParamName('f1_', K1)).toBeUndefined();
    expect(parseFilterParamName('f1_≡', K1)).toBeUndefined();
  });

  it('the default instance (key "") uses f_', () => {
    expect(filterParamName({ field: 'brand', op: 'eq' }, { key: '' })).toBe('f_brand≡');
  });
});

describe('widgetParamNames', () => {
  it('appends the key to every name', () => {
    expect(widgetParamNames({ key: 'main' })).toEqual({
      query: 'querymain',
      sorting: 'sortingmain',
      filterPrefix: 'fmain_',
      legacyKeyedFilterPrefix: 'filter_main_',
      queryId: 'query_id_main',
      unkeyedQueryId: 'query_id',
    });
    expect(widgetParamNames({ key: '2', queryParam: 'q' }).query).toBe('q2');
    expect(widgetParamNames({ key: '' }).queryId).toBe('query_id');
  });
});

describe('encodeWidgetState / decodeWidgetState', () => {
  const filters: SelectedFilter[] = [
    { field: 'brand', op: 'in', data: ['Ray-Ban', 'Gucci'] },
    { field: 'polarized', op: 'eq', data: true },
    { field: 'price', op: 'inrange', data: [100, 2500.5] },
    { field: 'category', op: 'in', data: [['Solbriller', 'Barn']] },
    { field: 'color', op: 'nin', data: ['Sort'] },
    { field: 'shape', op: 'neq', data: 'rund' },
    { field: 'width', op: 'leq', data: 140 },
    { field: 'weight', op: 'geq', data: 12.5 },
  ];

  it('writes the parameters of SPEC §2', () => {
    const entries = encodeWidgetState(
      { query: 'solbriller', queryId: 'cat-7', sorting: { field: 'price', order: 'desc' }, filters: filters.slice(0, 3), wentSidewaysClearFilters: true },
      K1,
    );
    expect(entries).toEqual([
      ['query1', 'solbriller'],
      ['query_id_1', 'cat-7'],
      ['sorting1', 'price📉'],
      ['f1_brand', 'Ray-Ban‚Gucci'],
      ['f1_polarized≡', '1'],
      ['f1_price🔢', '100-2500.5'],
      ['went_sideways_clear_filters', 'true'],
    ]);
  });

  it('round-trips a full state through a URL string', () => {
    const state = { query: 'ray-ban æøå & co', queryId: 'q-1', sorting: { field: 'price', order: 'asc' as const }, filters, wentSidewaysClearFilters: false };
    const url = new URL('https://shop.example/soeg?' + new URLSearchParams(encodeWidgetState(state, K1)).toString());
    expect(decodeWidgetState(url.searchParams, K1)).toEqual({ ...state, filters });
  });

  it('an empty state writes nothing and reads back empty', () => {
    expect(encodeWidgetState({}, K1)).toEqual([]);
    expect(decodeWidgetState(new URLSearchParams(), K1)).toEqual({ filters: [], wentSidewaysClearFilters: false });
  });

  it('skips filters that cannot be encoded and keeps the last of duplicates', () => {
    const entries = encodeWidgetState(
      {
        filters: [
          { field: 'a', op: 'eq', data: undefined },
          { field: '', op: 'eq', data: 'x' },
          { field: 'b', op: 'eq', data: 'first' },
          { field: 'b', op: 'eq', data: 'second' },
        ],
      },
      K1,
    );
    expect(entries).toEqual([['f1_b≡', encodeFilterValue('second')]]);
  });

  it('ignores other parameters, other instances and undecodable values', () => {
    const params = new URLSearchParams([
      ['utm_source', 'mail'],
      ['query2', 'other instance'],
      ['f2_brand', 'Gucci‚'],
      ['f1_brand', 'Prada‚'],
      ['f1_broken≡', '!!!'],
      ['f1_empty≡', ''],
      ['sorting1', 'price'],
    ]);
    expect(decodeWidgetState(params, K1)).toEqual({ filters: [{ field: 'brand', op: 'in', data: ['Prada'] }], wentSidewaysClearFilters: false });
  });

  it('reads query_id_{key} first, then query_id', () => {
    expect(decodeWidgetState(new URLSearchParams('query_id=a&query_id_1=b'), K1).queryId).toBe('b');
    expect(decodeWidgetState(new URLSearchParams('query_id=a'), K1).queryId).toBe('a');
    expect(decodeWidgetState(new URLSearchParams('query_id='), K1).queryId).toBeUndefined();
  });

  it('keeps an empty query (the parameter is present) and uses a custom query parameter name', () => {
    expect(decodeWidgetState(new URLSearchParams('query1='), K1).query).toBe('');
    expect(decodeWidgetState(new URLSearchParams('q1=briller&query1=x'), { key: '1', queryParam: 'q' }).query).toBe('briller');
  });

  it('went_sideways_clear_filters only counts when it is "true"', () => {
    expect(decodeWidgetState(new URLSearchParams('went_sideways_clear_filters=true'), K1).wentSidewaysClearFilters).toBe(true);
    expect(decodeWidgetState(new URLSearchParams('went_sideways_clear_filters=1'), K1).wentSidewaysClearFilters).toBe(false);
  });

  it('reads legacy filter names; the current name wins for the same field and operator', () => {
    const params = new URLSearchParams();
    params.append('filter_1_color≠', encodeFilterValue('rød')!);
    params.append('filter_shape', 'rund‚');
    params.append('filter_brand∈', 'Gucci‚');
    params.append('f1_brand', 'Prada‚');
    expect(decodeWidgetState(params, K1).filters).toEqual([
      { field: 'brand', op: 'in', data: ['Prada'] },
      { field: 'color', op: 'neq', data: 'rød' },
      { field: 'shape', op: 'in', data: ['rund'] },
    ]);
  });

  it('takes the first value of a repeated parameter', () => {
    const params = new URLSearchParams('f1_a≡=1&f1_a≡=0&sorting1=x📈&sorting1=y📉');
    const decoded = decodeWidgetState(params, K1);
    expect(decoded.filters).toEqual([{ field: 'a', op: 'eq', data: true }]);
    expect(decoded.sorting).toEqual({ field: 'x', order: 'asc' });
  });
});

describe('applyWidgetState / stripWidgetState', () => {
  it('replaces only this instance\'s parameters, keeping the others in order', () => {
    const params = new URLSearchParams('utm=1&query1=old&f1_old≡=1&filter_legacy=a%E2%80%9A&query2=keep&f2_x=a%E2%80%9A&page=3&went_sideways_clear_filters=true');
    const next = applyWidgetState(params, { query: 'new', filters: [{ field: 'brand', op: 'in', data: ['Gucci'] }] }, K1);
    expect([...next]).toEqual([
      ['utm', '1'],
      ['query2', 'keep'],
      ['f2_x', 'a‚'],
      ['page', '3'],
      ['query1', 'new'],
      ['f1_brand', 'Gucci‚'],
    ]);
    expect(params.get('query1')).toBe('old'); // input untouched
  });

  it('strip removes query, query ids, sorting, filters (all prefixes) and the flag', () => {
    const params = new URLSearchParams('query1=a&query_id_1=b&query_id=c&sorting1=p📈&f1_a=x‚&filter_1_b=x‚&filter_c=x‚&went_sideways_clear_filters=true&other=1');
    expect([...stripWidgetState(params, K1)]).toEqual([['other', '1']]);
  });
});

describe('claimInstanceKey (SPEC §5: one search and one category instance per key)', () => {
  it('allows one search and one category instance on the same key, refuses a second', () => {
    const a = claimInstanceKey(new Set(), 'search', 'main');
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    const b = claimInstanceKey(a.claimed, 'category', 'main');
    expect(b.ok).toBe(true);
    if (!b.ok) return;
    const c = claimInstanceKey(b.claimed, 'search', 'main');
    expect(c).toEqual({ ok: false, error: expect.stringContaining('"main"') as unknown });
    expect(claimInstanceKey(b.claimed, 'search', 'other').ok).toBe(true);
    expect(a.claimed.size).toBe(1); // earlier result not mutated
  });
});

describe('isJsonRoundTrippable', () => {
  it('accepts JSON data and rejects the rest', () => {
    expect(isJsonRoundTrippable({ a: [1, 'x', null, true, { b: [] }] })).toBe(true);
    expect(isJsonRoundTrippable(Object.create(null) as object)).toBe(true);
    expect(isJsonRoundTrippable(new (class X {})())).toBe(false);
    expect(isJsonRoundTrippable(1n)).toBe(false);
    expect(isJsonRoundTrippable(Symbol('s'))).toBe(false);
  });
});
