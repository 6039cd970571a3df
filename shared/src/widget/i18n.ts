/**
 * SPEC §9: widget texts in 13 languages. English is the default; French, German, Polish and
 * Portuguese are partial and fall back to English key by key (with the English plural rule,
 * since the English text is what gets shown).
 */

export const WIDGET_LANGUAGES = ['en', 'cs', 'da', 'nl', 'fi', 'fr', 'de', 'it', 'no', 'pl', 'pt', 'es', 'sv'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];
/** SPEC §9: the text sets the widget package exports publicly. */
export const EXPORTED_WIDGET_LANGUAGES = ['da', 'nl', 'fi', 'no', 'sv', 'en'] as const satisfies readonly WidgetLanguage[];
export const PARTIAL_WIDGET_LANGUAGES = ['fr', 'de', 'pl', 'pt'] as const satisfies readonly WidgetLanguage[];
export const DEFAULT_WIDGET_LANGUAGE: WidgetLanguage = 'en';

export type PluralCategory = 'one' | 'few' | 'many' | 'other';

/**
 * SPEC §9 plural rules.
 * - en, da, nl, fi, it, no, sv, es, de, pt: 1 → one, else other.
 * - fr: 0 and 1 → one (French says "0 produit"), else other.
 * - cs: 1 → one, 2–4 → few, else other.
 * - pl: 1 → one; last digit 2–4 except 12–14 → few; else many.
 * Negative counts use their absolute value; fractions are 'other' in every language.
 */
export function pluralCategory(lang: WidgetLanguage, count: number): PluralCategory {
  const n = Math.abs(count);
  if (!Number.isInteger(n)) return 'other';
  switch (lang) {
    case 'fr':
      return n === 0 || n === 1 ? 'one' : 'other';
    case 'cs':
      if (n === 1) return 'one';
      return n >= 2 && n <= 4 ? 'few' : 'other';
    case 'pl': {
      if (n === 1) return 'one';
      const last = n % 10;
      const lastTwo = n % 100;
      return last >= 2 && last <= 4 && !(lastTwo >= 12 && lastTwo <= 14) ? 'few' : 'many';
    }
    default:
      return n === 1 ? 'one' : 'other';
  }
}

export type PluralForms = { one: string; other: string; few?: string; many?: string };

export type SimpleTextKey =
  | 'searchPlaceholder'
  | 'discoverMore'
  | 'previousSearches'
  | 'suggestions'
  | 'clear'
  | 'close'
  | 'back'
  | 'submitSearch'
  | 'filters'
  | 'sorting'
  | 'clearFilters'
  | 'filtersCleared'
  | 'weClearedYourFilters'
  | 'restore'
  | 'ok'
  | 'noProductsHere'
  | 'noResults'
  | 'noProductsFound'
  | 'tryWithoutFilters'
  | 'scrollToTop'
  | 'recommendationsTitle'
  | 'suggestionsFailed'
  | 'instantResultsFailed';
/** Texts with a `{count}` placeholder and plural forms. */
export type PluralTextKey = 'viewAllResults' | 'productsCount';
export type TextKey = SimpleTextKey | PluralTextKey;

export type WidgetTexts = Record<SimpleTextKey, string> & Record<PluralTextKey, PluralForms>;
type CzechTexts = Record<SimpleTextKey, string> & Record<PluralTextKey, PluralForms & { few: string }>;
type PolishForms = PluralForms & { few: string; many: string };

export const PLURAL_TEXT_KEYS: readonly PluralTextKey[] = ['viewAllResults', 'productsCount'];

const en: WidgetTexts = {
  searchPlaceholder: 'Search',
  viewAllResults: { one: 'View {count} result', other: 'View all {count} results' },
  discoverMore: 'Discover more',
  previousSearches: 'Your previous searches',
  suggestions: 'Suggestions',
  clear: 'Clear',
  close: 'Close',
  back: 'Back',
  submitSearch: 'Submit search',
  filters: 'Filters',
  sorting: 'Sort',
  clearFilters: 'Clear filters',
  filtersCleared: 'Filters cleared',
  weClearedYourFilters: 'We cleared your filters',
  restore: 'Restore',
  ok: 'OK',
  productsCount: { one: '{count} product', other: '{count} products' },
  noProductsHere: 'No products here, sorry',
  noResults: 'No results',
  noProductsFound: 'No products found',
  tryWithoutFilters: 'Try again without filters',
  scrollToTop: 'Scroll to top',
  recommendationsTitle: 'Other alternatives',
  suggestionsFailed: 'Autocomplete/suggestions failed',
  instantResultsFailed: 'Instant results failed',
};

const da: WidgetTexts = {
  searchPlaceholder: 'Søg',
  viewAllResults: { one: 'Se {count} resultat', other: 'Se alle {count} resultater' },
  discoverMore: 'Opdag mere',
  previousSearches: 'Dine tidligere søgninger',
  suggestions: 'Forslag',
  clear: 'Ryd',
  close: 'Luk',
  back: 'Tilbage',
  submitSearch: 'Start søgning',
  filters: 'Filtre',
  sorting: 'Sortér',
  clearFilters: 'Ryd filtre',
  filtersCleared: 'Filtrene er ryddet',
  weClearedYourFilters: 'Vi har ryddet dine filtre',
  restore: 'Gendan',
  ok: 'OK',
  productsCount: { one: '{count} produkt', other: '{count} produkter' },
  noProductsHere: 'Her er desværre ingen produkter',
  noResults: 'Ingen resultater',
  noProductsFound: 'Ingen produkter fundet',
  tryWithoutFilters: 'Prøv igen uden filtre',
  scrollToTop: 'Rul til toppen',
  recommendationsTitle: 'Andre muligheder',
  suggestionsFailed: 'Autofuldførelse/forslag kunne ikke hentes',
  instantResultsFailed: 'Hurtige resultater kunne ikke hentes',
};

const sv: WidgetTexts = {
  searchPlaceholder: 'Sök',
  viewAllResults: { one: 'Visa {count} resultat', other: 'Visa alla {count} resultat' },
  discoverMore: 'Upptäck mer',
  previousSearches: 'Dina tidigare sökningar',
  suggestions: 'Förslag',
  clear: 'Rensa',
  close: 'Stäng',
  back: 'Tillbaka',
  submitSearch: 'Starta sökning',
  filters: 'Filter',
  sorting: 'Sortera',
  clearFilters: 'Rensa filter',
  filtersCleared: 'Filtren har rensats',
  weClearedYourFilters: 'Vi har rensat dina filter',
  restore: 'Återställ',
  ok: 'OK',
  productsCount: { one: '{count} produkt', other: '{count} produkter' },
  noProductsHere: 'Tyvärr finns det inga produkter här',
  noResults: 'Inga resultat',
  noProductsFound: 'Inga produkter hittades',
  tryWithoutFilters: 'Försök igen utan filter',
  scrollToTop: 'Till toppen',
  recommendationsTitle: 'Andra alternativ',
  suggestionsFailed: 'Autoslutförande/förslag misslyckades',
  instantResultsFailed: 'Snabbresultat misslyckades',
};

const no: WidgetTexts = {
  searchPlaceholder: 'Søk',
  viewAllResults: { one: 'Vis {count} resultat', other: 'Vis alle {count} resultater' },
  discoverMore: 'Oppdag mer',
  previousSearches: 'Dine tidligere søk',
  suggestions: 'Forslag',
  clear: 'Tøm',
  close: 'Lukk',
  back: 'Tilbake',
  submitSearch: 'Start søk',
  filters: 'Filtre',
  sorting: 'Sorter',
  clearFilters: 'Fjern filtre',
  filtersCleared: 'Filtrene er fjernet',
  weClearedYourFilters: 'Vi har fjernet filtrene dine',
  restore: 'Gjenopprett',
  ok: 'OK',
  productsCount: { one: '{count} produkt', other: '{count} produkter' },
  noProductsHere: 'Beklager, ingen produkter her',
  noResults: 'Ingen resultater',
  noProductsFound: 'Fant ingen produkter',
  tryWithoutFilters: 'Prøv igjen uten filtre',
  scrollToTop: 'Til toppen',
  recommendationsTitle: 'Andre alternativer',
  suggestionsFailed: 'Autofullføring/forslag mislyktes',
  instantResultsFailed: 'Hurtigresultater mislyktes',
};

const nl: WidgetTexts = {
  searchPlaceholder: 'Zoeken',
  viewAllResults: { one: 'Bekijk {count} resultaat', other: 'Bekijk alle {count} resultaten' },
  discoverMore: 'Ontdek meer',
  previousSearches: 'Je eerdere zoekopdrachten',
  suggestions: 'Suggesties',
  clear: 'Wissen',
  close: 'Sluiten',
  back: 'Terug',
  submitSearch: 'Zoekopdracht verzenden',
  filters: 'Filters',
  sorting: 'Sorteren',
  clearFilters: 'Filters wissen',
  filtersCleared: 'Filters gewist',
  weClearedYourFilters: 'We hebben je filters gewist',
  restore: 'Herstellen',
  ok: 'OK',
  productsCount: { one: '{count} product', other: '{count} producten' },
  noProductsHere: 'Helaas, hier zijn geen producten',
  noResults: 'Geen resultaten',
  noProductsFound: 'Geen producten gevonden',
  tryWithoutFilters: 'Probeer het opnieuw zonder filters',
  scrollToTop: 'Naar boven',
  recommendationsTitle: 'Andere alternatieven',
  suggestionsFailed: 'Automatisch aanvullen/suggesties mislukt',
  instantResultsFailed: 'Directe resultaten mislukt',
};

const fi: WidgetTexts = {
  searchPlaceholder: 'Hae',
  viewAllResults: { one: 'Näytä {count} tulos', other: 'Näytä kaikki {count} tulosta' },
  discoverMore: 'Löydä lisää',
  previousSearches: 'Aiemmat hakusi',
  suggestions: 'Ehdotukset',
  clear: 'Tyhjennä',
  close: 'Sulje',
  back: 'Takaisin',
  submitSearch: 'Lähetä haku',
  filters: 'Suodattimet',
  sorting: 'Lajittele',
  clearFilters: 'Tyhjennä suodattimet',
  filtersCleared: 'Suodattimet tyhjennetty',
  weClearedYourFilters: 'Tyhjensimme suodattimesi',
  restore: 'Palauta',
  ok: 'OK',
  productsCount: { one: '{count} tuote', other: '{count} tuotetta' },
  noProductsHere: 'Valitettavasti täällä ei ole tuotteita',
  noResults: 'Ei tuloksia',
  noProductsFound: 'Tuotteita ei löytynyt',
  tryWithoutFilters: 'Yritä uudelleen ilman suodattimia',
  scrollToTop: 'Vieritä ylös',
  recommendationsTitle: 'Muita vaihtoehtoja',
  suggestionsFailed: 'Automaattinen täydennys/ehdotukset epäonnistuivat',
  instantResultsFailed: 'Pikatulokset epäonnistuivat',
};

const cs: CzechTexts = {
  searchPlaceholder: 'Hledat',
  viewAllResults: { one: 'Zobrazit {count} výsledek', few: 'Zobrazit všechny {count} výsledky', other: 'Zobrazit všech {count} výsledků' },
  discoverMore: 'Objevte více',
  previousSearches: 'Vaše předchozí hledání',
  suggestions: 'Návrhy',
  clear: 'Vymazat',
  close: 'Zavřít',
  back: 'Zpět',
  submitSearch: 'Odeslat hledání',
  filters: 'Filtry',
  sorting: 'Řadit',
  clearFilters: 'Zrušit filtry',
  filtersCleared: 'Filtry byly zrušeny',
  weClearedYourFilters: 'Zrušili jsme vaše filtry',
  restore: 'Obnovit',
  ok: 'OK',
  productsCount: { one: '{count} produkt', few: '{count} produkty', other: '{count} produktů' },
  noProductsHere: 'Bohužel, tady nejsou žádné produkty',
  noResults: 'Žádné výsledky',
  noProductsFound: 'Nebyly nalezeny žádné produkty',
  tryWithoutFilters: 'Zkuste to znovu bez filtrů',
  scrollToTop: 'Posunout nahoru',
  recommendationsTitle: 'Další možnosti',
  suggestionsFailed: 'Automatické doplňování/návrhy selhaly',
  instantResultsFailed: 'Okamžité výsledky selhaly',
};

const it: WidgetTexts = {
  searchPlaceholder: 'Cerca',
  viewAllResults: { one: 'Visualizza {count} risultato', other: 'Visualizza tutti i {count} risultati' },
  discoverMore: 'Scopri di più',
  previousSearches: 'Le tue ricerche precedenti',
  suggestions: 'Suggerimenti',
  clear: 'Cancella',
  close: 'Chiudi',
  back: 'Indietro',
  submitSearch: 'Invia ricerca',
  filters: 'Filtri',
  sorting: 'Ordina',
  clearFilters: 'Cancella filtri',
  filtersCleared: 'Filtri cancellati',
  weClearedYourFilters: 'Abbiamo cancellato i tuoi filtri',
  restore: 'Ripristina',
  ok: 'OK',
  productsCount: { one: '{count} prodotto', other: '{count} prodotti' },
  noProductsHere: 'Spiacenti, qui non ci sono prodotti',
  noResults: 'Nessun risultato',
  noProductsFound: 'Nessun prodotto trovato',
  tryWithoutFilters: 'Riprova senza filtri',
  scrollToTop: 'Torna su',
  recommendationsTitle: 'Altre alternative',
  suggestionsFailed: 'Completamento automatico/suggerimenti non riusciti',
  instantResultsFailed: 'Risultati istantanei non riusciti',
};

const es: WidgetTexts = {
  searchPlaceholder: 'Buscar',
  viewAllResults: { one: 'Ver {count} resultado', other: 'Ver los {count} resultados' },
  discoverMore: 'Descubre más',
  previousSearches: 'Tus búsquedas anteriores',
  suggestions: 'Sugerencias',
  clear: 'Borrar',
  close: 'Cerrar',
  back: 'Atrás',
  submitSearch: 'Enviar búsqueda',
  filters: 'Filtros',
  sorting: 'Ordenar',
  clearFilters: 'Borrar filtros',
  filtersCleared: 'Filtros borrados',
  weClearedYourFilters: 'Hemos borrado tus filtros',
  restore: 'Restaurar',
  ok: 'OK',
  productsCount: { one: '{count} producto', other: '{count} productos' },
  noProductsHere: 'Lo sentimos, aquí no hay productos',
  noResults: 'Sin resultados',
  noProductsFound: 'No se encontraron productos',
  tryWithoutFilters: 'Inténtalo de nuevo sin filtros',
  scrollToTop: 'Volver arriba',
  recommendationsTitle: 'Otras alternativas',
  suggestionsFailed: 'Error en el autocompletado/las sugerencias',
  instantResultsFailed: 'Error en los resultados instantáneos',
};

// Partial languages (SPEC §9): only what has been translated; the rest falls back to English.
const fr: Partial<WidgetTexts> = {
  searchPlaceholder: 'Rechercher',
  back: 'Retour',
  close: 'Fermer',
  filters: 'Filtres',
  sorting: 'Trier',
  clearFilters: 'Effacer les filtres',
  noResults: 'Aucun résultat',
  tryWithoutFilters: 'Réessayer sans filtres',
  productsCount: { one: '{count} produit', other: '{count} produits' },
};

const de: Partial<WidgetTexts> = {
  searchPlaceholder: 'Suchen',
  back: 'Zurück',
  close: 'Schließen',
  filters: 'Filter',
  sorting: 'Sortieren',
  clearFilters: 'Filter zurücksetzen',
  noResults: 'Keine Ergebnisse',
  noProductsFound: 'Keine Produkte gefunden',
  productsCount: { one: '{count} Produkt', other: '{count} Produkte' },
};

const pl: Partial<Omit<WidgetTexts, PluralTextKey> & Record<PluralTextKey, PolishForms>> = {
  searchPlaceholder: 'Szukaj',
  back: 'Wstecz',
  close: 'Zamknij',
  filters: 'Filtry',
  sorting: 'Sortuj',
  clearFilters: 'Wyczyść filtry',
  noResults: 'Brak wyników',
  // 'other' is the form for fractions (CLDR), which the widget never shows but handles.
  productsCount: { one: '{count} produkt', few: '{count} produkty', many: '{count} produktów', other: '{count} produktu' },
};

const pt: Partial<WidgetTexts> = {
  searchPlaceholder: 'Pesquisar',
  back: 'Voltar',
  close: 'Fechar',
  filters: 'Filtros',
  sorting: 'Ordenar',
  clearFilters: 'Limpar filtros',
  noResults: 'Sem resultados',
  productsCount: { one: '{count} produto', other: '{count} produtos' },
};

export const WIDGET_TEXTS: Readonly<Record<WidgetLanguage, Partial<WidgetTexts>>> = { en, cs, da, nl, fi, fr, de, it, no, pl, pt, es, sv };

/**
 * Maps a language tag to a widget language: case-insensitive, region ignored ('da-DK' → 'da'),
 * Norwegian Bokmål/Nynorsk ('nb', 'nn') → 'no'. Anything unknown → English.
 */
export function resolveWidgetLanguage(tag: string | null | undefined): WidgetLanguage {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const normalized = base === 'nb' || base === 'nn' ? 'no' : base;
  return (WIDGET_LANGUAGES as readonly string[]).includes(normalized) ? (normalized as WidgetLanguage) : DEFAULT_WIDGET_LANGUAGE;
}

const isPluralKey = (key: TextKey): key is PluralTextKey => (PLURAL_TEXT_KEYS as readonly string[]).includes(key);

/** True when the language has its own text for the key (false → English is shown). */
export function hasOwnText(lang: WidgetLanguage, key: TextKey): boolean {
  return WIDGET_TEXTS[lang][key] !== undefined;
}

/**
 * The widget text for `key` in `lang` (a language tag, resolved with resolveWidgetLanguage).
 * Plural keys need a count; `{count}` is replaced by it. Missing keys fall back to English.
 */
export function t(lang: string, key: SimpleTextKey): string;
export function t(lang: string, key: PluralTextKey, count: number): string;
export function t(lang: string, key: TextKey, count?: number): string {
  const resolved = resolveWidgetLanguage(lang);
  const textLang: WidgetLanguage = hasOwnText(resolved, key) ? resolved : 'en';
  if (!isPluralKey(key)) return WIDGET_TEXTS[textLang][key] ?? en[key];
  const forms = WIDGET_TEXTS[textLang][key] ?? en[key];
  const n = count ?? 0;
  const form = forms[pluralCategory(textLang, n)] ?? forms.other;
  return form.replace(/\{count\}/g, String(n));
}
