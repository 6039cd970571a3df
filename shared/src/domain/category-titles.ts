import type { Category } from '../schemas/enums';

/** The Danish title of each catalogue category (SPEC §2); `catalogueTree` uses these. Small on its own, for pages that only need a title. */
export const categoryTitles = {
  briller: 'Briller',
  solbriller: 'Solbriller',
  sportsbriller: 'Sportsbriller',
  'tilbehør-briller': 'Tilbehør til briller',
  'tilbehør-sportsbriller': 'Tilbehør til sportsbriller',
  kontaktlinser: 'Kontaktlinser',
  'tilbehør-kontaktlinser': 'Tilbehør til kontaktlinser',
  oejenpleje: 'Øjenpleje',
} as const satisfies Record<Category, string>;
