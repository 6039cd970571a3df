import { beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORTED_WIDGET_LANGUAGES,
  PARTIAL_WIDGET_LANGUAGES,
  PLURAL_TEXT_KEYS,
  WIDGET_LANGUAGES,
  WIDGET_TEXTS,
  hasOwnText,
  loadWidgetLanguage,
  pluralCategory,
  resolveWidgetLanguage,
  t,
  type TextKey,
  type WidgetLanguage,
} from './i18n';

const ALL_KEYS = Object.keys(WIDGET_TEXTS.en!) as TextKey[];

beforeAll(() => loadWidgetLanguage('cs'));
const FULL = WIDGET_LANGUAGES.filter((l) => !(PARTIAL_WIDGET_LANGUAGES as readonly string[]).includes(l));

describe('languages (SPEC §9)', () => {
  it('has the 13 languages, English first, six exported, four partial', () => {
    expect(WIDGET_LANGUAGES).toHaveLength(13);
    expect(new Set(WIDGET_LANGUAGES)).toEqual(new Set(['en', 'cs', 'da', 'nl', 'fi', 'fr', 'de', 'it', 'no', 'pl', 'pt', 'es', 'sv']));
    expect([...EXPORTED_WIDGET_LANGUAGES].sort()).toEqual(['da', 'en', 'fi', 'nl', 'no', 'sv']);
    expect([...PARTIAL_WIDGET_LANGUAGES].sort()).toEqual(['de', 'fr', 'pl', 'pt']);
  });

  it.each(FULL)('%s has its own text for every key', (lang) => {
    for (const key of ALL_KEYS) expect(hasOwnText(lang, key), `${lang}.${key}`).toBe(true);
  });

  it.each(PARTIAL_WIDGET_LANGUAGES)('%s is partial: some keys own, some English', (lang) => {
    const own = ALL_KEYS.filter((k) => hasOwnText(lang, k));
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(ALL_KEYS.length);
  });

  it('translations differ from English where a language has its own text (no copy-paste placeholders)', () => {
    for (const lang of WIDGET_LANGUAGES.filter((l) => l !== 'en')) {
      const differing = ALL_KEYS.filter((k) => hasOwnText(lang, k) && JSON.stringify(WIDGET_TEXTS[lang]?.[k]) !== JSON.stringify(WIDGET_TEXTS.en?.[k]));
      // 'OK' and a few identical words (e.g. Dutch 'Filters') may match; most must not.
      expect(differing.length, lang).toBeGreaterThan(ALL_KEYS.filter((k) => hasOwnText(lang, k)).length / 2);
    }
  });

  it('plural texts carry {count} in every form, simple texts never', () => {
    for (const lang of WIDGET_LANGUAGES) {
      for (const key of ALL_KEYS) {
        const text = WIDGET_TEXTS[lang]?.[key];
        if (text === undefined) continue;
        if ((PLURAL_TEXT_KEYS as readonly string[]).includes(key)) {
          for (const form of Object.values(text as object) as string[]) expect(form, `${lang}.${key}`).toContain('{count}');
        } else {
          expect(text, `${lang}.${key}`).not.toContain('{count}');
        }
      }
    }
  });
});

describe('English texts (SPEC §8)', () => {
  it.each([
    ['noProductsHere', 'No products here, sorry'],
    ['noResults', 'No results'],
    ['noProductsFound', 'No products found'],
    ['tryWithoutFilters', 'Try again without filters'],
    ['suggestionsFailed', 'Autocomplete/suggestions failed'],
    ['instantResultsFailed', 'Instant results failed'],
    ['filtersCleared', 'Filters cleared'],
    ['weClearedYourFilters', 'We cleared your filters'],
    ['discoverMore', 'Discover more'],
  ] as const)('%s is %j', (key, text) => {
    expect(t('en', key)).toBe(text);
  });

  it('view all results and product counts are pluralised', () => {
    expect(t('en', 'viewAllResults', 1)).toBe('View 1 result');
    expect(t('en', 'viewAllResults', 245)).toBe('View all 245 results');
    expect(t('en', 'productsCount', 0)).toBe('0 products');
    expect(t('en', 'productsCount', 1)).toBe('1 product');
  });
});

describe('Danish texts', () => {
  it('are real Danish', () => {
    expect(t('da', 'searchPlaceholder')).toBe('Søg');
    expect(t('da', 'viewAllResults', 1)).toBe('Se 1 resultat');
    expect(t('da', 'viewAllResults', 37)).toBe('Se alle 37 resultater');
    expect(t('da', 'productsCount', 1)).toBe('1 produkt');
    expect(t('da', 'productsCount', 2)).toBe('2 produkter');
    expect(t('da', 'filtersCleared')).toBe('Filtrene er ryddet');
    expect(t('da', 'weClearedYourFilters')).toBe('Vi har ryddet dine filtre');
    expect(t('da', 'restore')).toBe('Gendan');
    expect(t('da', 'noProductsHere')).toBe('Her er desværre ingen produkter');
    expect(t('da', 'noResults')).toBe('Ingen resultater');
    expect(t('da', 'noProductsFound')).toBe('Ingen produkter fundet');
    expect(t('da', 'tryWithoutFilters')).toBe('Prøv igen uden filtre');
    expect(t('da', 'previousSearches')).toBe('Dine tidligere søgninger');
  });
});

describe('pluralCategory', () => {
  const oneOther: WidgetLanguage[] = ['en', 'da', 'nl', 'fi', 'it', 'no', 'sv', 'es', 'de', 'pt'];
  it.each(oneOther)('%s: 1 → one, everything else → other', (lang) => {
    expect(pluralCategory(lang, 1)).toBe('one');
    expect(pluralCategory(lang, -1)).toBe('one');
    for (const n of [0, 2, 3, 4, 5, 11, 21, 101, 1.5]) expect(pluralCategory(lang, n), String(n)).toBe('other');
  });

  it('fr: 0 and 1 → one', () => {
    expect(pluralCategory('fr', 0)).toBe('one');
    expect(pluralCategory('fr', 1)).toBe('one');
    expect(pluralCategory('fr', 2)).toBe('other');
  });

  it('cs: 1 → one, 2–4 → few, else other', () => {
    const expected: [number, string][] = [[0, 'other'], [1, 'one'], [2, 'few'], [3, 'few'], [4, 'few'], [5, 'other'], [11, 'other'], [21, 'other'], [22, 'other'], [102, 'other'], [2.5, 'other']];
    for (const [n, c] of expected) expect(pluralCategory('cs', n), String(n)).toBe(c);
  });

  it('pl: 1 → one, last digit 2–4 except 12–14 → few, else many', () => {
    const expected: [number, string][] = [
      [0, 'many'], [1, 'one'], [2, 'few'], [4, 'few'], [5, 'many'], [11, 'many'], [12, 'many'], [13, 'many'], [14, 'many'],
      [21, 'many'], [22, 'few'], [24, 'few'], [25, 'many'], [101, 'many'], [102, 'few'], [112, 'many'], [114, 'many'], [122, 'few'], [1.5, 'other'],
    ];
    for (const [n, c] of expected) expect(pluralCategory('pl', n), String(n)).toBe(c);
  });
});

describe('t', () => {
  it('uses the Czech three forms', () => {
    expect(t('cs', 'productsCount', 1)).toBe('1 produkt');
    expect(t('cs', 'productsCount', 3)).toBe('3 produkty');
    expect(t('cs', 'productsCount', 5)).toBe('5 produktů');
    expect(t('cs', 'viewAllResults', 2)).toBe('Zobrazit všechny 2 výsledky');
  });

  it('uses the Polish three forms', () => {
    expect(t('pl', 'productsCount', 1)).toBe('1 produkt');
    expect(t('pl', 'productsCount', 22)).toBe('22 produkty');
    expect(t('pl', 'productsCount', 12)).toBe('12 produktów');
    expect(t('pl', 'productsCount', 5)).toBe('5 produktów');
  });

  it('partial languages fall back to English per key, with the English plural rule', () => {
    expect(t('fr', 'filters')).toBe('Filtres');
    expect(t('fr', 'filtersCleared')).toBe('Filters cleared');
    expect(t('de', 'noResults')).toBe('Keine Ergebnisse');
    expect(t('de', 'scrollToTop')).toBe('Scroll to top');
    expect(t('pt', 'noProductsHere')).toBe('No products here, sorry');
    expect(t('pl', 'viewAllResults', 22)).toBe('View all 22 results');
    expect(t('pl', 'viewAllResults', 1)).toBe('View 1 result');
    expect(t('fr', 'productsCount', 0)).toBe('0 produit');
  });

  it('resolves language tags and falls back to English for unknown ones', () => {
    expect(t('da-DK', 'noResults')).toBe('Ingen resultater');
    expect(t('SV_se', 'noResults')).toBe('Inga resultat');
    expect(t('nb', 'noResults')).toBe('Ingen resultater');
    expect(t('xx', 'noResults')).toBe('No results');
    expect(t('', 'noResults')).toBe('No results');
  });

  it('a plural key without a count (untyped call) uses 0', () => {
    const untyped = t as (lang: string, key: TextKey, count?: number) => string;
    expect(untyped('en', 'productsCount')).toBe('0 products');
  });
});

describe('resolveWidgetLanguage', () => {
  it('normalises tags', () => {
    expect(resolveWidgetLanguage('DA')).toBe('da');
    expect(resolveWidgetLanguage('nn-NO')).toBe('no');
    expect(resolveWidgetLanguage('pt-BR')).toBe('pt');
    expect(resolveWidgetLanguage(null)).toBe('en');
    expect(resolveWidgetLanguage(undefined)).toBe('en');
    expect(resolveWidgetLanguage('klingon')).toBe('en');
  });
});
