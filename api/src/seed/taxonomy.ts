import type { Category, CategoryNode } from '@optik/shared';

type Kind = CategoryNode['kind'];
export interface TaxonomyChild {
  path: string;
  title: string;
  kind: Kind;
}
export interface TaxonomyNode {
  category: Category;
  path: string;
  title: string;
  children: TaxonomyChild[];
}

const c = (path: string, title: string, kind: Kind): TaxonomyChild => ({ path, title, kind });

/** Brands per category: [slug, display name]. */
export const brands = {
  briller: [
    ['gucci', 'Gucci'], ['tom-ford', 'Tom Ford'], ['lindberg', 'Lindberg'], ['ray-ban', 'Ray-Ban'], ['prada', 'Prada'],
    ['persol', 'Persol'], ['hugo-boss', 'Hugo Boss'], ['tommy-hilfiger', 'Tommy Hilfiger'], ['calvin-klein', 'Calvin Klein'],
    ['silhouette', 'Silhouette'], ['polo-ralph-lauren', 'Polo Ralph Lauren'], ['vogue-eyewear', 'Vogue Eyewear'],
    ['carrera', 'Carrera'], ['orgreen', 'Ørgreen'], ['prodesign', 'ProDesign Denmark'], ['face-a-face', 'Face à Face'],
    ['oakley', 'Oakley'], ['profil-optik', 'Profil Optik Collection'],
  ],
  solbriller: [
    ['gucci', 'Gucci'], ['ray-ban', 'Ray-Ban'], ['prada', 'Prada'], ['chimi', 'CHIMI'], ['tom-ford', 'Tom Ford'],
    ['persol', 'Persol'], ['oakley', 'Oakley'], ['carrera', 'Carrera'], ['polaroid', 'Polaroid'], ['profil-optik', 'Profil Optik Collection'],
  ],
  sportsbriller: [['oakley', 'Oakley'], ['bliz', 'Bliz'], ['rigel', 'Rigel'], ['nike-vision', 'Nike Vision'], ['rudy-project', 'Rudy Project']],
  kontaktlinser: [['eyeq', 'EyeQ'], ['dailies', 'Dailies'], ['acuvue', 'Acuvue'], ['air-optix', 'Air Optix']],
  oejenpleje: [['hycosan', 'Hycosan'], ['thealoz', 'Thealoz'], ['blephaclean', 'Blephaclean'], ['optrex', 'Optrex'], ['systane', 'Systane'], ['eyeq', 'EyeQ']],
} as const;

const brandChildren = (base: string, list: readonly (readonly [string, string])[]) => list.map(([slug, title]) => c(`${base}/${slug}`, title, 'brand'));

/** The catalogue routes of SPEC §2 with Danish titles. */
export const taxonomy: TaxonomyNode[] = [
  {
    category: 'briller',
    path: '/briller',
    title: 'Briller',
    children: [
      ...brandChildren('/briller', brands.briller),
      c('/briller/runde', 'Runde briller', 'style'),
      c('/briller/transparent', 'Transparente briller', 'style'),
      c('/briller/læsebriller', 'Læsebriller', 'style'),
      c('/briller/barn', 'Børnebriller', 'audience'),
      c('/briller/ungdom', 'Ungdomsbriller', 'audience'),
      c('/briller/køb-online', 'Køb briller online', 'other'),
    ],
  },
  {
    category: 'solbriller',
    path: '/solbriller',
    title: 'Solbriller',
    children: [
      ...brandChildren('/solbriller', brands.solbriller),
      c('/solbriller/barn', 'Solbriller til børn', 'audience'),
      c('/solbriller/polariserede-glas', 'Solbriller med polariserede glas', 'style'),
      c('/solbriller-med-styrke', 'Solbriller med styrke', 'other'),
    ],
  },
  {
    category: 'sportsbriller',
    path: '/sportsbriller',
    title: 'Sportsbriller',
    children: [
      ...brandChildren('/sportsbriller', brands.sportsbriller),
      c('/sportsbriller/løb', 'Løb', 'sport'),
      c('/sportsbriller/cykling', 'Cykling', 'sport'),
      c('/sportsbriller/skydning', 'Skydning', 'sport'),
      c('/sportsbriller/golf', 'Golf', 'sport'),
    ],
  },
  {
    category: 'tilbehør-briller',
    path: '/tilbehør-briller',
    title: 'Tilbehør til briller',
    children: [
      c('/tilbehør-briller/etuier', 'Brilleetuier', 'sub-category'),
      c('/tilbehør-briller/brillekæder', 'Brillekæder og -snore', 'sub-category'),
      c('/tilbehør-briller/rengøring', 'Rengøring', 'sub-category'),
      c('/tilbehør-briller/antidug', 'Antidug', 'sub-category'),
    ],
  },
  {
    category: 'tilbehør-sportsbriller',
    path: '/tilbehør-sportsbriller',
    title: 'Tilbehør til sportsbriller',
    children: [
      c('/tilbehør-sportsbriller/clip-on', 'Clip-on med styrke', 'sub-category'),
      c('/tilbehør-sportsbriller/stropper', 'Stropper', 'sub-category'),
      c('/tilbehør-sportsbriller/ekstra-glas', 'Ekstra glas', 'sub-category'),
      c('/tilbehør-sportsbriller/etuier', 'Sportsetuier', 'sub-category'),
    ],
  },
  {
    category: 'kontaktlinser',
    path: '/kontaktlinser',
    title: 'Kontaktlinser',
    children: [
      ...brandChildren('/kontaktlinser', brands.kontaktlinser),
      c('/kontaktlinser/månedslinser', 'Månedslinser', 'lens-type'),
      c('/kontaktlinser/ugelinser', 'Ugelinser', 'lens-type'),
      c('/kontaktlinser/endagslinser', 'Endagslinser', 'lens-type'),
      c('/kontaktlinser/til-bygningsfejl', 'Linser til bygningsfejl', 'lens-type'),
      c('/kontaktlinser/flerstyrke', 'Flerstyrkelinser', 'lens-type'),
      c('/linseabonnement', 'Linseabonnement', 'other'),
    ],
  },
  {
    category: 'tilbehør-kontaktlinser',
    path: '/tilbehør-kontaktlinser',
    title: 'Tilbehør til kontaktlinser',
    children: [
      c('/tilbehør-kontaktlinser/linsevæske', 'Linsevæske', 'sub-category'),
      c('/tilbehør-kontaktlinser/linseetuier', 'Linseetuier', 'sub-category'),
      c('/tilbehør-kontaktlinser/øjendråber', 'Øjendråber til linsebrugere', 'sub-category'),
    ],
  },
  {
    category: 'oejenpleje',
    path: '/oejenpleje',
    title: 'Øjenpleje',
    children: [
      ...brandChildren('/oejenpleje', brands.oejenpleje),
      c('/oejenpleje/øjendråber', 'Øjendråber', 'sub-category'),
      c('/oejenpleje/øjenmasker', 'Øjenmasker', 'sub-category'),
      c('/oejenpleje/øjenlågsrens', 'Øjenlågsrens', 'sub-category'),
      c('/oejenpleje/vitaminer', 'Vitaminer til øjnene', 'sub-category'),
    ],
  },
];
