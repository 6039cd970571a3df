/** Texts of the SPEC §8 catalogue that every page may show: a module of their own so a page need not load the whole catalogue (`daErrors`). */
export const SOMETHING_WENT_WRONG = 'Noget gik galt. Prøv igen.';
export const NO_SEARCH_RESULTS = 'Ingen søgeresultater.';
