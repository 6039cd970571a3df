import { articleSchema, slugify, type Article, type BadgeKind, type Category, type Flag, type LensParameters, type PricePart } from '@optik/shared';
import { createRandom, type Random } from './random';
import { brands } from './taxonomy';

/**
 * Deterministic demo catalogue: the same ~1,550 articles on every machine. Real brand names,
 * realistic model codes, Danish colours, shapes and materials, DKK prices in øre.
 */

const COLORS = ['sort', 'havana', 'guld', 'sølv', 'transparent', 'blå', 'rød', 'grøn', 'brun', 'rosa', 'grå', 'gunmetal', 'skildpadde', 'bordeaux'] as const;
const SHAPES = ['rund', 'firkantet', 'pilot', 'cat-eye', 'panto', 'rektangulær', 'oval'] as const;
const FRAME_MATERIALS = ['acetat', 'metal', 'titanium', 'TR90', 'rustfrit stål', 'biobaseret acetat'] as const;
const SPORT_MATERIALS = ['TR90', 'nylon', 'Grilamid', 'O Matter'] as const;
const SPORTS = ['løb', 'cykling', 'skydning', 'golf'] as const;

/** Model code patterns and price band (kr.) per brand. */
const BRAND_STYLE: Record<string, { codes: (r: Random) => string; price: [number, number]; names?: string[] }> = {
  Gucci: { codes: (r) => `GG${String(r.int(1, 1599)).padStart(4, '0')}${r.pick(['O', 'OA', 'S', 'SA'])}`, price: [2495, 3695] },
  'Tom Ford': { codes: (r) => `FT${r.int(5100, 5999)}`, price: [2795, 3995] },
  Lindberg: { codes: (r) => `${r.pick(['Strip', 'Spirit', 'Air Titanium Rim', 'Now', 'Acetanium'])} ${r.int(9500, 9899)}`, price: [3995, 5495] },
  'Ray-Ban': { codes: (r) => `RB${r.int(2000, 7299)}`, price: [1095, 1795], names: ['Clubmaster', 'Wayfarer', 'Round Metal', 'Erika', 'Aviator', 'Justin', 'Hexagonal', 'Frank'] },
  Prada: { codes: (r) => `PR ${r.int(10, 99)}${r.pick(['V', 'W', 'Z', 'Y'])}`, price: [2295, 3295] },
  Persol: { codes: (r) => `PO${r.int(3000, 3299)}${r.pick(['V', 'S'])}`, price: [1795, 2595] },
  'Hugo Boss': { codes: (r) => `BOSS ${r.int(1000, 1699)}`, price: [1395, 1995] },
  'Tommy Hilfiger': { codes: (r) => `TH ${r.int(1700, 2099)}`, price: [995, 1495] },
  'Calvin Klein': { codes: (r) => `CK${r.int(19000, 23999)}`, price: [995, 1595] },
  Silhouette: { codes: (r) => `${r.pick(['Momentum', 'TNG', 'Urban Lite', 'Dynamics Colorwave', 'Infinity View'])} ${r.int(2900, 5599)}`, price: [2495, 3495] },
  'Polo Ralph Lauren': { codes: (r) => `PH${r.int(2200, 2299)}`, price: [1295, 1795] },
  'Vogue Eyewear': { codes: (r) => `VO${r.int(5200, 5599)}`, price: [795, 1195] },
  Carrera: { codes: (r) => `CARRERA ${r.int(200, 399)}`, price: [995, 1495] },
  Ørgreen: { codes: (r) => r.pick(['Kimi', 'Lenz', 'Ellis', 'Heron', 'Cleo', 'Vilde', 'Karl', 'Aksel']), price: [3495, 4795] },
  'ProDesign Denmark': { codes: (r) => `${r.pick(['Denim', 'Grandd', 'Liv', 'Outline', 'Twist'])} ${r.int(1, 9)}`, price: [1695, 2695] },
  'Face à Face': { codes: (r) => `${r.pick(['Bocca', 'Alexis', 'Hailey', 'Dandy', 'Mood'])} ${r.int(1, 5)}`, price: [3295, 4295] },
  Oakley: { codes: (r) => `OX${r.int(8000, 8199)}`, price: [1295, 1895], names: ['Holbrook RX', 'Pitchman', 'Crosslink', 'Hex Jector', 'Socket 5.0'] },
  'Profil Optik Collection': { codes: (r) => `PO-${r.pick(['Nord', 'Fjord', 'Klit', 'Lyng', 'Hav', 'Skov'])} ${r.int(100, 999)}`, price: [499, 995] },
  CHIMI: { codes: (r) => `#${String(r.int(1, 14)).padStart(2, '0')}`, price: [995, 1295] },
  Polaroid: { codes: (r) => `PLD ${r.int(2000, 6199)}/S`, price: [495, 795] },
  Bliz: { codes: (r) => r.pick(['Active Hero', 'Fusion', 'Matrix', 'Vision', 'Tempo', 'Breeze', 'Hybrid']), price: [595, 1195] },
  Rigel: { codes: (r) => r.pick(['Sport Pro', 'Shooter X', 'Range', 'Trail', 'Green Pro']), price: [895, 1495] },
  'Nike Vision': { codes: (r) => r.pick(['Windshield', 'Show X3', 'Victory', 'Marquee Edge']), price: [995, 1695] },
  'Rudy Project': { codes: (r) => r.pick(['Defender', 'Tralyx', 'Cutline', 'Spinshield', 'Rydon']), price: [1295, 2195] },
  'Oakley Sport': { codes: (r) => r.pick(['Sutro', 'Jawbreaker', 'Radar EV Path', 'Flak 2.0 XL', 'EVZero Blades', 'M2 Frame']), price: [1395, 2295] },
};

const CATEGORY_MODULE: Record<Category, string> = {
  briller: 'glasses',
  solbriller: 'sunglasses',
  sportsbriller: 'sportsglasses',
  'tilbehør-briller': 'accessories',
  'tilbehør-sportsbriller': 'accessories',
  kontaktlinser: 'contactlenses',
  'tilbehør-kontaktlinser': 'accessories',
  oejenpleje: 'eyecare',
};

let eanCounter = 0;
function ean(): string {
  // 13 digits from the Danish GS1 prefix 57; the last digit is the GS1 mod-10 check digit.
  eanCounter += 1;
  const body = `57${String(eanCounter).padStart(10, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A shelf price in øre: under 100 kr. it ends in 9 (49, 79 kr.), above in 95 or 00 kr. */
const kr = (r: Random, [lo, hi]: [number, number]) => {
  const v = r.int(Math.round(lo), Math.round(hi));
  if (v < 100) return Math.max(19, Math.round(v / 10) * 10 - 1) * 100;
  return (Math.round(v / 100) * 100 - (r.chance(0.6) ? 5 : 0)) * 100;
};

function pricePart(r: Random, ordinary: number, status: number, campaign: boolean): PricePart {
  const amount = campaign ? Math.round((ordinary * r.pick([0.7, 0.75, 0.8])) / 500) * 500 : ordinary;
  return { publicationStatus: status, currency: 'DKK', isCampaign: campaign, ordinaryPrice: ordinary, couponPrice: null, fromPrice: false, amount };
}

function publicationStatus(r: Random, storeOnlyShare = 0.07): number {
  const x = r.next();
  if (x < storeOnlyShare) return 40;
  if (x < storeOnlyShare + 0.08) return 30;
  return 20;
}

interface Draft {
  category: Category;
  name: string;
  packageName?: string;
  brand: string;
  brandSlug: string;
  routes: string[];
  description: string;
  attributes: Article['attributes'];
  specification: Article['specification'];
  priceKr: [number, number];
  skuNames: string[];
  allowSubscription?: boolean;
  subscriptionDiscount?: number;
  lensParameters?: LensParameters;
  packageAmount?: number;
  hasVTO?: boolean;
  badges: BadgeKind[];
  storeOnlyShare?: number;
  exclusive?: boolean;
  alt: string;
  /** The alt text of each picture after the first, saying what it shows (api images/svg.ts draws them). */
  altViews?: string[];
}

function finish(r: Random, d: Draft, index: number, slugs: Set<string>): Article {
  const id = `a-${String(index).padStart(5, '0')}`;
  let slug = slugify(`${d.name} ${d.attributes.color ?? ''}`);
  if (slugs.has(slug)) slug = `${slug}-${index}`;
  slugs.add(slug);
  const status = publicationStatus(r, d.storeOnlyShare ?? 0.07);
  const campaign = status === 20 && r.chance(0.15);
  const ordinary = kr(r, d.priceKr);
  const unit = pricePart(r, ordinary, status, campaign);
  const subscription = d.allowSubscription
    ? pricePart(r, Math.round((ordinary * (1 - (d.subscriptionDiscount ?? 0.15))) / 100) * 100, status === 40 ? 20 : status, false)
    : null;
  const flags: Flag[] = [];
  if (campaign) flags.push({ text: `Spar ${Math.round((1 - unit.amount / unit.ordinaryPrice) * 100)} %`, color: 'Orange' });
  if (r.chance(0.1)) flags.push({ text: 'Nyhed', color: 'Blue' });
  if (d.exclusive) flags.push({ text: 'Eksklusiv', color: 'Black' });
  else if (d.attributes.material === 'biobaseret acetat') flags.push({ text: 'Bæredygtig', color: 'Black' });
  const dto = status !== 40;
  const routes = [...d.routes];
  if (d.category === 'briller' && dto && r.chance(0.35)) routes.push('/briller/køb-online');
  const images = d.category === 'kontaktlinser' ? 2 : d.category.startsWith('tilbehør') || d.category === 'oejenpleje' ? 1 : 3;
  const medias = Array.from({ length: images }, (_, i) => {
    const u = (size: string) => `/media/articles/${id}/${i}/${size}.svg`;
    return { xs: u('xs'), sm: u('sm'), md: u('md'), lg: u('lg'), xl: u('xl'), alt: i === 0 ? d.alt : (d.altViews?.[i - 1] ?? `${d.alt}, set fra siden`) };
  });
  const skus = d.skuNames.map((name, i) => ({
    id: `${id}-${i + 1}`,
    name,
    color: d.attributes.color,
    size: /^\d{2}-\d{2}-\d{3}$/.test(name) ? name : undefined,
    ean: ean(),
    stock: status === 30 ? 0 : r.int(1, 40),
  }));
  return articleSchema.parse({
    id,
    slug,
    name: d.name,
    packageName: d.packageName,
    moduleName: CATEGORY_MODULE[d.category],
    packageAmount: d.packageAmount ?? null,
    brand: d.brand,
    brandSlug: d.brandSlug,
    category: d.category,
    routes,
    description: d.description,
    allowSubscription: Boolean(d.allowSubscription),
    hasVTO: Boolean(d.hasVTO),
    dto,
    flags,
    badges: d.badges,
    medias,
    skus,
    specification: d.specification,
    attributes: d.attributes,
    lensParameters: d.lensParameters ?? null,
    price: { unit, subscription },
    version: 1,
  });
}

function frameSizes(r: Random, kids: boolean): string[] {
  const base = kids ? r.int(42, 47) : r.int(49, 56);
  const bridge = r.int(16, 21);
  const temple = kids ? r.pick([125, 130]) : r.pick([140, 145, 150]);
  const n = r.int(1, 3);
  return Array.from({ length: n }, (_, i) => `${base + i * 2}-${bridge}-${temple}`);
}

function frameDraft(r: Random, category: 'briller' | 'solbriller' | 'sportsbriller'): Draft {
  const list: readonly (readonly [string, string])[] = brands[category];
  const [brandSlug, brandName] = r.pick(list);
  const styleKey = category === 'sportsbriller' && brandName === 'Oakley' ? 'Oakley Sport' : brandName;
  const style = BRAND_STYLE[styleKey]!;
  const code = style.codes(r);
  const model = style.names && r.chance(0.6) ? `${code} ${r.pick(style.names)}` : code;
  const name = brandName === 'Profil Optik Collection' ? `Profil Optik ${code.replace('PO-', '')}` : `${brandName} ${model}`;
  const routes = [`/${category}`, `/${category}/${brandSlug}`];
  const audience = category === 'sportsbriller' ? 'voksen' : r.chance(0.1) ? 'barn' : r.chance(0.08) ? 'ungdom' : 'voksen';
  const color = audience === 'barn' ? r.pick(['blå', 'rød', 'rosa', 'grøn', 'transparent', 'sort']) : r.pick(COLORS);
  const shape = category === 'sportsbriller' ? 'wrap' : r.pick(SHAPES);
  const material = category === 'sportsbriller' ? r.pick(SPORT_MATERIALS) : r.pick(FRAME_MATERIALS);
  const attributes: Article['attributes'] = { color, shape, material, audience, gender: r.pick(['dame', 'herre', 'unisex', 'unisex']) };
  const badges: BadgeKind[] = ['free-frame-adjustments-in-store', 'fast-delivery'];
  let description: string;
  if (audience !== 'voksen' && category !== 'sportsbriller') routes.push(`/${category}/${audience}`);
  if (category === 'briller') {
    if (shape === 'rund') routes.push('/briller/runde');
    if (color === 'transparent') routes.push('/briller/transparent');
    const reading = r.chance(0.08);
    if (reading) {
      routes.push('/briller/læsebriller');
      attributes.style = ['læsebriller'];
    }
    badges.push('glasses-made-for-you-online', 'withdrawal-30-days');
    description = `${name} er et ${shape === 'rund' ? 'rundt' : shape} stel i ${material} i farven ${color}. ${reading ? 'Fås som læsebrille med styrke fra +1,00 til +3,50. ' : ''}Vi tilpasser glassene efter din recept, og stellet kan justeres gratis i alle vores butikker.`;
  } else if (category === 'solbriller') {
    const polarized = r.chance(0.35);
    attributes.polarized = polarized;
    if (polarized) routes.push('/solbriller/polariserede-glas');
    const withPower = r.chance(0.3);
    attributes.prescriptionCapable = withPower;
    if (withPower) routes.push('/solbriller-med-styrke');
    badges.push('withdrawal-90-days', 'free-return');
    description = `${name} solbriller i ${color} med ${polarized ? 'polariserede glas, der fjerner genskin fra vand og vej' : 'UV400-glas, der beskytter mod 100 % UVA- og UVB-stråling'}. ${withPower ? 'Kan leveres med dine egne styrker.' : ''}`.trim();
  } else {
    const sports = r.sample(SPORTS, r.int(1, 2));
    attributes.sport = sports;
    for (const s of sports) routes.push(`/sportsbriller/${s}`);
    attributes.prescriptionCapable = r.chance(0.5);
    badges.push('withdrawal-30-days');
    description = `${name} til ${sports.join(' og ')}: let stel i ${material}, ${r.pick(['skiftelinser', 'fototrope glas', 'kontrastforstærkende glas', 'ventilerede glas'])} og skridsikre næsepuder.`;
  }
  const kids = audience === 'barn';
  const lensWidth = kids ? r.int(42, 47) : r.int(49, 58);
  return {
    category,
    name,
    brand: category === 'sportsbriller' && brandName === 'Oakley' ? 'Oakley' : brandName,
    brandSlug,
    routes,
    description,
    attributes,
    specification: {
      lensType: category === 'solbriller' ? (attributes.polarized ? 'polariseret' : 'UV400') : category === 'sportsbriller' ? 'polycarbonat' : 'enkeltstyrke',
      weight: r.int(kids ? 12 : 14, category === 'sportsbriller' ? 32 : 38),
      length: kids ? 130 : r.pick([140, 145, 150]),
      height: r.int(kids ? 28 : 32, 48),
      width: lensWidth,
    },
    priceKr: kids ? [399, 799] : style.price,
    skuNames: frameSizes(r, kids),
    hasVTO: category !== 'sportsbriller' && r.chance(0.4),
    badges,
    exclusive: brandName === 'Lindberg' || brandName === 'Ørgreen',
    alt: `${name} i ${color}, set forfra`,
    altViews: [`${name} i ${color}, set fra siden`, `${name} i ${color}, set skråt forfra`],
  };
}

const LENS_MODELS: { brandSlug: string; brand: string; model: string; type: 'endagslinser' | 'ugelinser' | 'månedslinser'; toric?: boolean; multifocal?: boolean; packs: number[]; price: [number, number] }[] = [
  { brandSlug: 'acuvue', brand: 'Acuvue', model: 'Acuvue Oasys 1-Day', type: 'endagslinser', packs: [30, 90], price: [249, 649] },
  { brandSlug: 'acuvue', brand: 'Acuvue', model: 'Acuvue Moist 1-Day', type: 'endagslinser', packs: [30, 90], price: [199, 549] },
  { brandSlug: 'acuvue', brand: 'Acuvue', model: 'Acuvue Oasys', type: 'ugelinser', packs: [6, 12, 24], price: [249, 799] },
  { brandSlug: 'acuvue', brand: 'Acuvue', model: 'Acuvue Oasys for Astigmatism', type: 'ugelinser', toric: true, packs: [6, 12], price: [299, 599] },
  { brandSlug: 'acuvue', brand: 'Acuvue', model: 'Acuvue Oasys Multifocal', type: 'ugelinser', multifocal: true, packs: [6], price: [349, 399] },
  { brandSlug: 'acuvue', brand: 'Acuvue', model: 'Acuvue Oasys 1-Day for Astigmatism', type: 'endagslinser', toric: true, packs: [30, 90], price: [299, 749] },
  { brandSlug: 'dailies', brand: 'Dailies', model: 'Dailies Total1', type: 'endagslinser', packs: [30, 90], price: [299, 799] },
  { brandSlug: 'dailies', brand: 'Dailies', model: 'Dailies AquaComfort Plus', type: 'endagslinser', packs: [30, 90], price: [179, 449] },
  { brandSlug: 'dailies', brand: 'Dailies', model: 'Dailies AquaComfort Plus Toric', type: 'endagslinser', toric: true, packs: [30, 90], price: [229, 599] },
  { brandSlug: 'dailies', brand: 'Dailies', model: 'Dailies Total1 Multifocal', type: 'endagslinser', multifocal: true, packs: [30, 90], price: [349, 899] },
  { brandSlug: 'dailies', brand: 'Dailies', model: 'Precision1', type: 'endagslinser', packs: [30, 90], price: [199, 499] },
  { brandSlug: 'air-optix', brand: 'Air Optix', model: 'Air Optix plus HydraGlyde', type: 'månedslinser', packs: [3, 6], price: [199, 379] },
  { brandSlug: 'air-optix', brand: 'Air Optix', model: 'Air Optix plus HydraGlyde for Astigmatism', type: 'månedslinser', toric: true, packs: [3, 6], price: [249, 459] },
  { brandSlug: 'air-optix', brand: 'Air Optix', model: 'Air Optix plus HydraGlyde Multifocal', type: 'månedslinser', multifocal: true, packs: [3, 6], price: [279, 499] },
  { brandSlug: 'air-optix', brand: 'Air Optix', model: 'Air Optix Night & Day Aqua', type: 'månedslinser', packs: [3, 6], price: [249, 449] },
  { brandSlug: 'air-optix', brand: 'Air Optix', model: 'Air Optix Colors', type: 'månedslinser', packs: [2], price: [199, 229] },
  { brandSlug: 'eyeq', brand: 'EyeQ', model: 'EyeQ One-Day Premium', type: 'endagslinser', packs: [30, 90], price: [149, 399] },
  { brandSlug: 'eyeq', brand: 'EyeQ', model: 'EyeQ One-Day Toric', type: 'endagslinser', toric: true, packs: [30, 90], price: [199, 499] },
  { brandSlug: 'eyeq', brand: 'EyeQ', model: 'EyeQ One-Day Multifocal', type: 'endagslinser', multifocal: true, packs: [30, 90], price: [229, 549] },
  { brandSlug: 'eyeq', brand: 'EyeQ', model: 'EyeQ Monthly Premium', type: 'månedslinser', packs: [3, 6], price: [149, 279] },
  { brandSlug: 'eyeq', brand: 'EyeQ', model: 'EyeQ Monthly Toric', type: 'månedslinser', toric: true, packs: [3, 6], price: [199, 349] },
  { brandSlug: 'eyeq', brand: 'EyeQ', model: 'EyeQ Monthly Multifocal', type: 'månedslinser', multifocal: true, packs: [3, 6], price: [219, 379] },
  { brandSlug: 'eyeq', brand: 'EyeQ', model: 'EyeQ Two-Week Comfort', type: 'ugelinser', packs: [6, 12], price: [149, 269] },
];

const steps = (from: number, to: number, step: number) => {
  const out: number[] = [];
  for (let v = from; v <= to + 1e-9; v += step) out.push(Math.round(v * 100) / 100);
  return out;
};

function lensDrafts(): Draft[] {
  const out: Draft[] = [];
  for (const m of LENS_MODELS) {
    m.packs.forEach((pack, i) => {
      const [lo, hi] = m.price;
      const price = Math.round(lo + ((hi - lo) * i) / Math.max(1, m.packs.length - 1));
      const typeWord = { endagslinser: 'endagslinser', ugelinser: 'linser til 2 uger', månedslinser: 'månedslinser' }[m.type];
      const routes = ['/kontaktlinser', `/kontaktlinser/${m.brandSlug}`, `/kontaktlinser/${m.type}`, '/linseabonnement'];
      if (m.toric) routes.push('/kontaktlinser/til-bygningsfejl');
      if (m.multifocal) routes.push('/kontaktlinser/flerstyrke');
      const lensParameters: LensParameters = {
        powers: [...steps(-12, -6.5, 0.5), ...steps(-6, 6, 0.25), ...steps(6.5, 8, 0.5)].filter((p) => p !== 0 || !m.toric),
        baseCurves: m.brand === 'Acuvue' ? [8.4, 8.8] : m.brand === 'Dailies' ? [8.5, 8.6] : [8.6],
        diameters: m.brand === 'Air Optix' ? [14.2] : [14.0, 14.2].slice(0, m.brand === 'EyeQ' ? 2 : 1),
        ...(m.toric ? { cylinders: [-0.75, -1.25, -1.75, -2.25], axes: steps(10, 180, 10) } : {}),
        ...(m.multifocal ? { additions: [1, 1.5, 2, 2.5] } : {}),
      };
      out.push({
        category: 'kontaktlinser',
        name: m.model,
        packageName: `${m.model} (${pack} stk.)`,
        brand: m.brand,
        brandSlug: m.brandSlug,
        routes,
        description: `${m.model} er ${typeWord}${m.toric ? ' til bygningsfejl (astigmatisme)' : ''}${m.multifocal ? ' med flere styrker til både nær og afstand' : ''}. Æsken indeholder ${pack} linser. Køb dem enkeltvis eller som linseabonnement med levering hver 1., 2., 3. eller 6. måned — uden binding.`,
        attributes: { lensType: m.type, subCategory: m.toric ? 'torisk' : m.multifocal ? 'multifokal' : 'sfærisk' },
        specification: { lensType: m.type },
        priceKr: [price, price],
        skuNames: [`${pack} stk.`],
        allowSubscription: true,
        subscriptionDiscount: 0.12,
        lensParameters,
        packageAmount: pack,
        badges: ['contact-lens-safety', 'fast-delivery', 'free-return'],
        storeOnlyShare: 0.02,
        alt: `Æske med ${m.model}, ${pack} stk.`,
        altViews: [`Æske med ${m.model}, ${pack} stk., set skråt fra siden med en blisterpakning`],
      });
    });
  }
  return out;
}

const ACCESSORIES: Record<'tilbehør-briller' | 'tilbehør-sportsbriller' | 'tilbehør-kontaktlinser', { sub: string; items: [string, string, [number, number]][] }[]> = {
  'tilbehør-briller': [
    { sub: 'etuier', items: [['Profil Optik', 'Hardcase brilleetui', [99, 149]], ['Profil Optik', 'Foldeetui i kunstlæder', [129, 179]], ['Ørgreen', 'Etui i filt', [249, 299]], ['Lindberg', 'Læderetui', [399, 499]], ['Profil Optik', 'Blødt mikrofiberetui', [49, 79]]] },
    { sub: 'brillekæder', items: [['Profil Optik', 'Brillekæde med perler', [149, 229]], ['Profil Optik', 'Brillesnor i silikone', [69, 99]], ['Chums', 'Brillesnor Original', [79, 99]]] },
    { sub: 'rengøring', items: [['Profil Optik', 'Brillerens spray 30 ml', [59, 79]], ['Profil Optik', 'Brillerens spray 100 ml', [89, 119]], ['Zeiss', 'Rensekluder 30 stk.', [69, 89]], ['Profil Optik', 'Mikrofiberklud', [39, 59]]] },
    { sub: 'antidug', items: [['Zeiss', 'Antidug spray 15 ml', [99, 129]], ['Profil Optik', 'Antidug-klud', [89, 119]]] },
  ],
  'tilbehør-sportsbriller': [
    { sub: 'clip-on', items: [['Bliz', 'Optisk clip-on', [299, 399]], ['Oakley', 'RX-indsats', [349, 449]], ['Rudy Project', 'Optical Clip', [299, 399]]] },
    { sub: 'stropper', items: [['Bliz', 'Sportsstrop', [99, 149]], ['Oakley', 'Sportsstrop', [129, 179]]] },
    { sub: 'ekstra-glas', items: [['Oakley', 'Udskiftningsglas Prizm Road', [549, 749]], ['Bliz', 'Ekstra glas, orange', [199, 299]], ['Rigel', 'Skydeglas, gul', [249, 349]]] },
    { sub: 'etuier', items: [['Oakley', 'Soft Vault etui', [199, 249]], ['Bliz', 'Sportsetui med karabin', [149, 199]], ['Rudy Project', 'Hardcase til sportsbriller', [179, 229]]] },
  ],
  'tilbehør-kontaktlinser': [
    { sub: 'linsevæske', items: [['Opti-Free', 'Opti-Free PureMoist 300 ml', [99, 129]], ['Biotrue', 'Biotrue Multi-Purpose 300 ml', [89, 119]], ['AOSEPT', 'AOSEPT Plus HydraGlyde 360 ml', [119, 149]], ['EyeQ', 'EyeQ All-in-One 360 ml', [79, 99]], ['EyeQ', 'EyeQ Rejsesæt 100 ml', [49, 69]]] },
    { sub: 'linseetuier', items: [['EyeQ', 'Linseetui', [19, 29]], ['Profil Optik', 'Rejseetui til linser', [49, 69]]] },
    { sub: 'øjendråber', items: [['Blink', 'Blink Contacts øjendråber 10 ml', [79, 99]], ['Blink', 'Blink Contacts øjendråber 20 x 0,35 ml', [99, 119]], ['Hycosan', 'Hycosan Extra til linsebrugere', [119, 149]], ['Systane', 'Systane Ultra til linsebrugere', [109, 139]], ['EyeQ', 'EyeQ Comfort Drops 10 ml', [69, 89]]] },
  ],
};

function accessoryDrafts(r: Random): Draft[] {
  const out: Draft[] = [];
  for (const [category, subs] of Object.entries(ACCESSORIES) as [keyof typeof ACCESSORIES, (typeof ACCESSORIES)[keyof typeof ACCESSORIES]][]) {
    for (const { sub, items } of subs) {
      for (const [brand, product, price] of items) {
        const colours = sub === 'linsevæske' || sub === 'øjendråber' ? [undefined] : r.sample(COLORS, r.int(2, 4));
        for (const color of colours) {
          const name = `${brand} ${product}`;
          out.push({
            category,
            name: color ? `${name}, ${color}` : name,
            brand,
            brandSlug: slugify(brand),
            routes: [`/${category}`, `/${category}/${sub}`],
            description: `${product} fra ${brand}${color ? ` i farven ${color}` : ''}. Passer til de fleste briller og kan købes online eller i alle vores butikker.`,
            attributes: { subCategory: sub, color },
            specification: {},
            priceKr: price,
            skuNames: ['Standard'],
            badges: ['fast-delivery', 'free-return'],
            storeOnlyShare: 0.03,
            alt: `${product} fra ${brand}`,
          });
        }
      }
    }
  }
  return out;
}

const EYECARE: [string, string, string, [number, number], string[]][] = [
  ['hycosan', 'Hycosan', 'øjendråber', [99, 149], ['Hycosan Original 7,5 ml', 'Hycosan Extra 7,5 ml', 'Hycosan Fresh 7,5 ml', 'Hycosan Dual 2 x 7,5 ml']],
  ['thealoz', 'Thealoz', 'øjendråber', [119, 169], ['Thealoz Duo 10 ml', 'Thealoz Duo Gel 30 x 0,4 g', 'Thealoz Duo UD 30 stk.']],
  ['systane', 'Systane', 'øjendråber', [99, 159], ['Systane Ultra 10 ml', 'Systane Hydration 10 ml', 'Systane Complete 10 ml', 'Systane Balance 10 ml']],
  ['optrex', 'Optrex', 'øjendråber', [69, 119], ['Optrex ActiMist 2-i-1 til tørre øjne', 'Optrex ActiMist 2-i-1 til kløende øjne', 'Optrex Refreshing Eye Drops']],
  ['blephaclean', 'Blephaclean', 'øjenlågsrens', [119, 179], ['Blephaclean servietter 20 stk.', 'Blephaclean servietter 40 stk.']],
  ['blephaclean', 'Blephasol', 'øjenlågsrens', [129, 169], ['Blephasol Duo 100 ml', 'Blephagel Duo 30 g']],
  ['eyeq', 'EyeQ', 'øjenmasker', [149, 249], ['EyeQ Varmemaske til tørre øjne', 'EyeQ Genanvendelig varmemaske', 'EyeQ Kølende øjenmaske', 'EyeQ Sovemaske i silke']],
  ['eyeq', 'EyeQ', 'vitaminer', [149, 249], ['EyeQ Vision Omega-3 60 kapsler', 'EyeQ Lutein Plus 60 tabletter', 'EyeQ Vision Omega-3 120 kapsler']],
  ['thealoz', 'Théa', 'vitaminer', [179, 249], ['Nutrof Total 60 kapsler', 'Nutrof Omega 60 kapsler']],
  ['hycosan', 'Hycosan', 'øjenmasker', [199, 249], ['Hycosan Varmemaske']],
];

function eyecareDrafts(): Draft[] {
  const out: Draft[] = [];
  for (const [brandSlug, brand, sub, price, products] of EYECARE) {
    for (const product of products) {
      for (const pack of ['1 stk.', '3 stk.']) {
        const multi = pack === '3 stk.';
        out.push({
          category: 'oejenpleje',
          name: multi ? `${product}, 3-pak` : product,
          brand,
          brandSlug,
          routes: ['/oejenpleje', `/oejenpleje/${brandSlug}`, `/oejenpleje/${sub}`],
          description: `${product} (${brand}) — ${sub === 'øjendråber' ? 'fugtgivende øjendråber uden konserveringsmiddel til tørre, trætte eller irriterede øjne. Kan bruges med kontaktlinser.' : sub === 'øjenlågsrens' ? 'skånsom daglig rensning af øjenlåg og vipper ved irritation og blefaritis.' : sub === 'øjenmasker' ? 'lindrer tørre og trætte øjne med fugtig varme eller kulde.' : 'kosttilskud med vitaminer og omega-3 til øjnenes normale funktion.'}`,
          attributes: { subCategory: sub },
          specification: {},
          priceKr: multi ? [price[0] * 2.6, price[1] * 2.6] : price,
          skuNames: [pack],
          allowSubscription: sub === 'øjendråber' || sub === 'vitaminer',
          subscriptionDiscount: 0.1,
          badges: ['fast-delivery', 'free-return'],
          storeOnlyShare: 0.02,
          alt: `${product} fra ${brand}`,
        });
      }
    }
  }
  return out;
}

export function generateArticles(): Article[] {
  const r = createRandom(20261122);
  eanCounter = 0;
  const drafts: Draft[] = [];
  for (let i = 0; i < 820; i++) drafts.push(frameDraft(r, 'briller'));
  for (let i = 0; i < 380; i++) drafts.push(frameDraft(r, 'solbriller'));
  for (let i = 0; i < 160; i++) drafts.push(frameDraft(r, 'sportsbriller'));
  drafts.push(...lensDrafts(), ...accessoryDrafts(r), ...eyecareDrafts());
  const slugs = new Set<string>();
  return drafts.map((d, i) => finish(r, d, i + 1, slugs));
}
