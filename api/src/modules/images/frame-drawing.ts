import type { Article } from '@optik/shared';
import { COLOR_HEX, darken, escapeXml, hashOf, lighten, mix, n, seeded } from './draw-util';

/**
 * A frame drawn from its own attributes: shape and proportions (lens width and height, bridge
 * from the size "52-18-145", temple length), colour, material (metal and titanium thin rims with a
 * metallic sheen; acetate thick, tortoise patterns for havana and skildpadde; sports plastics
 * matte), rim type (full, half, rimless, browline), lens tint (clear, gradient sun tints,
 * polarised, sports mirrors) and price class (dearer frames get rivets, a core wire, nose pads
 * and the brand on the temple).
 *
 * Coordinates: the picture is 400 × 200 units. The front sits with its hinges at (62, 86) and
 * (338, 86); one temple seen from the side has its hinge at (70, 90) and stays inside x 70–346,
 * y 60–148 — the boxes svg.ts cuts the 3D and try-on parts from.
 */

type Finish = 'metal' | 'acetate' | 'plastic';
type Rim = 'full' | 'half' | 'rimless' | 'browline';
type Shape = 'rund' | 'oval' | 'firkantet' | 'rektangulær' | 'pilot' | 'cat-eye' | 'panto' | 'wrap';

const SHAPES = new Set<string>(['rund', 'oval', 'firkantet', 'rektangulær', 'pilot', 'cat-eye', 'panto', 'wrap']);
const METALS = new Set(['metal', 'titanium', 'rustfrit stål']);
const ACETATES = new Set(['acetat', 'biobaseret acetat']);
/** Sun tints, top → bottom of the gradient lens. */
const SUN_TINTS = new Map<string, [string, string]>([
  ['grå', ['#1f2327', '#6f767d']],
  ['brun', ['#3b2414', '#a8764a']],
  ['grøn', ['#1f2d22', '#5f7a63']],
  ['blå', ['#14284d', '#5b84b8']],
  ['rosa', ['#6b2c3a', '#d59aa3']],
]);
const SPORT_TINTS = new Map<string, [string, string]>([
  ['skydning', ['#e0a21a', '#f7dc5a']],
  ['cykling', ['#a8241a', '#f08a24']],
  ['løb', ['#153a8a', '#58a6e6']],
  ['golf', ['#6e2f2a', '#d88a6c']],
]);
const HINGE_Y = 86;
const CY = 100;

export interface FrameLook {
  finish: Finish;
  rim: Rim;
  shape: Shape;
  base: string;
  /** Paint of rims and temples: a gradient or pattern reference, or a colour. */
  paint: string;
  rimW: number;
  transparent: boolean;
  premium: boolean;
  /** Gold or silver: rivets, core wire, hinge. */
  accent: string;
  lensTop: string;
  lensBottom: string;
  lensOpacity: number;
  mirror: boolean;
  shield: boolean;
  /** Lens half width and half height, bridge half width (units). */
  a: number;
  b: number;
  bridge: number;
  /** Where the temple bends down behind the ear (x, side view). */
  bend: number;
  brand: string;
  defs: string;
}

const isShape = (s: string | undefined): s is Shape => s !== undefined && SHAPES.has(s);

/** The bridge width in mm from a size name like "52-18-145". */
function bridgeMm(article: Article): number {
  const m = /^\d{2}-(\d{2})-\d{3}$/.exec(article.skus[0]?.size ?? article.skus[0]?.name ?? '');
  return m ? Number(m[1]) : 18;
}

function rimOf(article: Article, finish: Finish, shape: Shape, h: number): Rim {
  if (/Air Titanium|Spirit|Strip|Infinity|TNG|Momentum|Urban Lite|Dynamics/i.test(article.name)) return 'rimless';
  if (/Clubmaster/i.test(article.name)) return 'browline';
  if (shape === 'wrap') return 'half';
  if (finish === 'metal') return h % 5 === 0 ? 'half' : h % 7 === 0 ? 'browline' : 'full';
  return 'full';
}

export function frameLook(article: Article): FrameLook {
  const attrs = article.attributes;
  const h = hashOf(article.id);
  const material = attrs.material ?? '';
  const finish: Finish = METALS.has(material) ? 'metal' : ACETATES.has(material) ? 'acetate' : 'plastic';
  const shape: Shape = article.category === 'sportsbriller' ? 'wrap' : isShape(attrs.shape) ? attrs.shape : 'rektangulær';
  const colorName = attrs.color ?? 'sort';
  const base = COLOR_HEX.get(colorName) ?? '#1d1d1f';
  const transparent = colorName === 'transparent';
  const tortoise = finish === 'acetate' && (colorName === 'havana' || colorName === 'skildpadde');
  const premium = article.price.unit.ordinaryPrice >= 2_000_00;
  const rim = rimOf(article, finish, shape, h);
  const rimW = finish === 'metal' ? (material === 'titanium' ? 2.2 : 3) : finish === 'acetate' ? (premium ? 8.5 : 7.5) : 5;
  const accent = colorName === 'guld' || colorName === 'havana' || colorName === 'skildpadde' || colorName === 'brun' ? '#d4b062' : '#c7ccd2';

  // Proportions: scale mm to units so the hinges land at 62 and 338 (a half span of 138 units).
  const lensW = article.specification.width ?? 52;
  const lensH = article.specification.height ?? 40;
  const bridge = bridgeMm(article);
  const s = 138 / (bridge / 2 + lensW + 5);
  const maxB = 38 - rimW / 2;
  let a = (lensW / 2) * s;
  let b = Math.min((lensH / 2) * s, maxB);
  const ratio = new Map<Shape, number>([['oval', 0.74], ['rektangulær', 0.6], ['firkantet', 0.84], ['cat-eye', 0.7], ['panto', 0.9], ['pilot', 0.88], ['wrap', 0.62]]).get(shape);
  if (shape === 'rund') a = b = Math.min(a, maxB);
  else if (ratio) b = Math.min(b, a * ratio);
  // Shapes that rise above their lens height (the cat-eye's swept corner, the wrap's top bar) stay inside the front's box.
  if (shape === 'cat-eye') b = Math.min(b, (40 - Math.max(rimW, 9) / 2) / 1.18);
  if (shape === 'wrap') {
    a *= 1.04;
    b = Math.min(b, 29);
  }
  const bend = 70 + Math.min(232, Math.max(196, (article.specification.length ?? 145) * 1.58));

  // Lens tint.
  let lensTop = '#eef5fa';
  let lensBottom = '#dbe7ef';
  let lensOpacity = 0.45;
  let mirror = false;
  if (article.category === 'solbriller') {
    const key = attrs.polarized ? 'grøn' : colorName === 'havana' || colorName === 'skildpadde' || colorName === 'brun' || colorName === 'guld' ? 'brun' : colorName === 'blå' ? 'blå' : colorName === 'rosa' || colorName === 'bordeaux' ? 'rosa' : colorName === 'grøn' ? 'grøn' : 'grå';
    [lensTop, lensBottom] = SUN_TINTS.get(key)!;
    lensOpacity = 0.9;
    mirror = !premium && h % 4 === 0;
  } else if (article.category === 'sportsbriller') {
    [lensTop, lensBottom] = SPORT_TINTS.get(attrs.sport?.[0] ?? '') ?? ['#2b2f36', '#7a8490'];
    lensOpacity = 0.88;
    mirror = true;
  }
  const shield = shape === 'wrap' && (attrs.sport ?? []).some((x) => x === 'cykling' || x === 'løb');

  // Paint of rims and temples.
  let paint = 'url(#fm)';
  let matDef: string;
  if (finish === 'metal') {
    const contrast = material === 'titanium' ? 0.28 : 0.42;
    matDef = `<linearGradient id="fm" gradientUnits="userSpaceOnUse" x1="0" y1="58" x2="0" y2="142"><stop offset="0" stop-color="${lighten(base, contrast + 0.2)}"/><stop offset=".35" stop-color="${base}"/><stop offset=".55" stop-color="${darken(base, contrast * 0.6)}"/><stop offset=".8" stop-color="${lighten(base, contrast)}"/><stop offset="1" stop-color="${base}"/></linearGradient>`;
  } else if (tortoise) {
    const rnd = seeded(h);
    const [ground, spot] = colorName === 'havana' ? ['#5e3519', '#c08640'] : ['#b0702f', '#3a1e0c'];
    const blobs = Array.from({ length: 7 }, () => `<ellipse cx="${n(rnd() * 26)}" cy="${n(rnd() * 18)}" rx="${n(2 + rnd() * 4)}" ry="${n(1.2 + rnd() * 2.5)}"/>`).join('');
    matDef = `<pattern id="fm" patternUnits="userSpaceOnUse" width="26" height="18" patternTransform="rotate(${Math.round(rnd() * 60 - 30)})"><rect width="26" height="18" fill="${ground}"/><g fill="${spot}" fill-opacity=".85">${blobs}</g><ellipse cx="${n(rnd() * 26)}" cy="${n(rnd() * 18)}" rx="3" ry="1.5" fill="${mix(ground, '#f0c070', 0.5)}" fill-opacity=".6"/></pattern>`;
  } else if (transparent) {
    paint = '#c9d8e2';
    matDef = '';
  } else {
    const sheen = finish === 'acetate' ? 0.22 : 0.1;
    matDef = `<linearGradient id="fm" gradientUnits="userSpaceOnUse" x1="0" y1="60" x2="0" y2="140"><stop offset="0" stop-color="${lighten(base, sheen)}"/><stop offset=".45" stop-color="${base}"/><stop offset="1" stop-color="${darken(base, sheen)}"/></linearGradient>`;
  }
  const lensDef = `<linearGradient id="fl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lensTop}"/><stop offset="1" stop-color="${lensBottom}"/></linearGradient>`;
  const mirrorDef = mirror ? `<linearGradient id="fr" x1="0" y1="0" x2="1" y2="1"><stop offset=".2" stop-color="#fff" stop-opacity="0"/><stop offset=".45" stop-color="#fff" stop-opacity=".45"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/></linearGradient>` : '';
  return {
    finish, rim, shape, base, paint, rimW, transparent, premium, accent, lensTop, lensBottom, lensOpacity, mirror, shield, a, b,
    bridge: (bridge / 2) * s, bend, brand: article.brand, defs: `<defs>${matDef}${lensDef}${mirrorDef}</defs>`,
  };
}

/** The outline of one lens around (cx, CY); side −1 is the viewer's left lens, +1 the right (its temple side is outward). */
function lensOutline(l: FrameLook, cx: number, side: -1 | 1): string {
  const { a, b } = l;
  const P = (u: number, v: number) => `${n(cx + side * u * a)} ${n(CY + v * b)}`;
  switch (l.shape) {
    case 'rund':
    case 'oval':
      return `M${P(-1, 0)} A${n(a)} ${n(b)} 0 1 0 ${P(1, 0)} A${n(a)} ${n(b)} 0 1 0 ${P(-1, 0)}Z`;
    case 'pilot':
      return `M${P(-0.8, -1)} C${P(-0.2, -1.06)} ${P(0.6, -1.06)} ${P(0.97, -0.86)} C${P(1.08, -0.3)} ${P(0.9, 0.62)} ${P(0.32, 0.96)} C${P(-0.05, 1.12)} ${P(-0.68, 0.95)} ${P(-0.92, 0.3)} C${P(-1.04, -0.2)} ${P(-1, -0.86)} ${P(-0.8, -1)}Z`;
    case 'cat-eye':
      return `M${P(-1, -0.55)} C${P(-0.5, -1.05)} ${P(0.5, -1.05)} ${P(1.06, -1.18)} C${P(1.02, -0.3)} ${P(0.8, 0.92)} ${P(0.1, 1)} C${P(-0.5, 1.05)} ${P(-0.98, 0.5)} ${P(-1, -0.55)}Z`;
    case 'panto':
      return `M${P(-0.9, -1)} C${P(-0.3, -1.04)} ${P(0.3, -1.04)} ${P(0.9, -1)} C${P(1.12, -0.4)} ${P(0.86, 1)} ${P(0, 1)} C${P(-0.86, 1)} ${P(-1.12, -0.4)} ${P(-0.9, -1)}Z`;
    case 'wrap':
      return `M${P(-1, -0.7)} C${P(-0.3, -1.12)} ${P(0.6, -1.12)} ${P(1.05, -0.85)} C${P(1.12, -0.1)} ${P(0.82, 0.92)} ${P(0.2, 1)} C${P(-0.4, 1.06)} ${P(-0.95, 0.5)} ${P(-1, -0.7)}Z`;
    default: {
      // Rounded rectangle: square corners for firkantet, softer for rektangulær.
      const r = l.shape === 'firkantet' ? 0.2 : 0.34;
      const rx = r;
      const ry = (r * a) / b;
      return `M${P(-1 + rx, -1)} L${P(1 - rx, -1)} Q${P(1, -1)} ${P(1, -1 + ry)} L${P(1, 1 - ry)} Q${P(1, 1)} ${P(1 - rx, 1)} L${P(-1 + rx, 1)} Q${P(-1, 1)} ${P(-1, 1 - ry)} L${P(-1, -1 + ry)} Q${P(-1, -1)} ${P(-1 + rx, -1)}Z`;
    }
  }
}

/** The sports shield: one lens over both eyes with a nose cut-out. */
function shieldOutline(l: FrameLook): string {
  const t = CY - l.b * 1.05;
  const bot = CY + l.b;
  return `M70 ${n(t + 6)} C130 ${n(t - 8)} 270 ${n(t - 8)} 330 ${n(t + 6)} C340 ${n(CY)} 326 ${n(bot - 4)} 290 ${n(bot)} C252 ${n(bot + 4)} 222 ${n(bot - 8)} 212 ${n(CY + 12)} Q200 ${n(CY - 4)} 188 ${n(CY + 12)} C178 ${n(bot - 8)} 148 ${n(bot + 4)} 110 ${n(bot)} C74 ${n(bot - 4)} 60 ${n(CY)} 70 ${n(t + 6)}Z`;
}

function lensCentres(l: FrameLook): [number, number] {
  const d = l.bridge + l.a;
  return [200 - d, 200 + d];
}

/** The lenses, their glare and (sunglasses) mirror sheen. */
function lenses(l: FrameLook, outlines: string[]): string {
  const fill = `<g fill="url(#fl)" fill-opacity="${l.lensOpacity}">${outlines.map((d) => `<path d="${d}"/>`).join('')}</g>`;
  const sheen = l.mirror ? `<g fill="url(#fr)">${outlines.map((d) => `<path d="${d}"/>`).join('')}</g>` : '';
  const [cl, cr] = lensCentres(l);
  const glare = [cl, cr].map((cx) => `M${n(cx - l.a * 0.55)} ${n(CY - l.b * 0.35)} Q${n(cx - l.a * 0.3)} ${n(CY - l.b * 0.7)} ${n(cx + l.a * 0.1)} ${n(CY - l.b * 0.72)}`).join('');
  const edge = l.rim === 'rimless' || l.rim === 'half' ? `<g fill="none" stroke="#aebdc8" stroke-width="1">${outlines.map((d) => `<path d="${d}"/>`).join('')}</g>` : '';
  return `${fill}${sheen}${edge}<path d="${glare}" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="2.5" stroke-linecap="round"/>`;
}

/** The front seen from ahead: hinge stubs (the temples end-on), lenses, rims, bridge, nose pads. */
export function frontDrawing(l: FrameLook): string {
  const [cl, cr] = lensCentres(l);
  const outlines = l.shield ? [shieldOutline(l)] : [lensOutline(l, cl, -1), lensOutline(l, cr, 1)];
  const paint = l.paint;
  const top = CY - l.b;
  const out: string[] = [];
  // End pieces from each lens's outer edge to the hinges at (62, 86) and (338, 86).
  const outerU = l.shape === 'rund' || l.shape === 'oval' ? l.a * Math.sqrt(Math.max(0, 1 - ((HINGE_Y - CY) / l.b) ** 2)) : l.a * 0.96;
  const xL = l.shield ? 74 : cl - outerU + 2;
  const xR = l.shield ? 326 : cr + outerU - 2;
  const stubW = l.finish === 'metal' ? l.rimW + 2 : l.rimW + 1.5;
  out.push(`<path d="M${n(xL)} ${HINGE_Y} H62 M${n(xR)} ${HINGE_Y} H338" stroke="${paint}" stroke-width="${n(stubW)}" stroke-linecap="round"${l.transparent ? ' stroke-opacity=".85"' : ''}/>`);
  out.push(lenses(l, outlines));
  // Rims.
  const rimAttrs = `fill="none" stroke="${paint}" stroke-linejoin="round"${l.transparent ? ' stroke-opacity=".8"' : ''}`;
  if (l.shield) {
    out.push(`<path d="M66 ${n(top + 3)} C130 ${n(top - 12)} 270 ${n(top - 12)} 334 ${n(top + 3)}" ${rimAttrs} stroke-width="${n(l.rimW + 3)}" stroke-linecap="round"/>`);
  } else if (l.rim === 'full') {
    out.push(`<g ${rimAttrs} stroke-width="${n(l.rimW)}">${outlines.map((d) => `<path d="${d}"/>`).join('')}</g>`);
    if (l.transparent) out.push(`<g fill="none" stroke="#9fb2bf" stroke-width=".8">${outlines.map((d) => `<path d="${d}"/>`).join('')}</g>`);
  } else if (l.rim === 'half' || l.rim === 'browline') {
    // The top of the rim only (the bottom held by a nylon thread, or a thin metal rim under a browline).
    const cut = CY - l.b * (l.rim === 'browline' ? 0.2 : 0.05);
    out.push(`<clipPath id="fc"><rect x="0" y="0" width="400" height="${n(cut)}"/></clipPath>`);
    if (l.rim === 'browline') out.push(`<g fill="none" stroke="#c7ccd2" stroke-width="2">${outlines.map((d) => `<path d="${d}"/>`).join('')}</g>`);
    const w = l.rim === 'browline' ? 9 : l.rimW + 1.5;
    const browPaint = l.rim === 'browline' ? (l.finish === 'metal' ? '#1d1d1f' : paint) : paint;
    out.push(`<g fill="none" stroke="${browPaint}" stroke-width="${w}" clip-path="url(#fc)">${outlines.map((d) => `<path d="${d}"/>`).join('')}</g>`);
  }
  // Bridge.
  const bx = l.bridge + 3;
  const by = CY - l.b * 0.5;
  if (l.shield) {
    out.push(`<path d="M190 ${n(CY + 8)} Q200 ${n(CY - 6)} 210 ${n(CY + 8)}" fill="none" stroke="#555b62" stroke-width="4" stroke-linecap="round"/>`);
  } else if (l.finish === 'metal' || l.rim === 'rimless') {
    out.push(`<path d="M${n(200 - bx)} ${n(by)} Q200 ${n(by - 12)} ${n(200 + bx)} ${n(by)}" fill="none" stroke="${paint}" stroke-width="${n(l.rimW + 0.5)}" stroke-linecap="round"/>`);
    if (l.shape === 'pilot') out.push(`<path d="M${n(cl)} ${n(top - 1)} Q200 ${n(top - 5)} ${n(cr)} ${n(top - 1)}" fill="none" stroke="${paint}" stroke-width="${n(l.rimW)}"/>`);
    // Nose pads on their arms.
    out.push(`<g stroke="${paint}" stroke-width="1.2" fill="#eef3f6" fill-opacity=".75"><path d="M${n(200 - bx + 1)} ${n(by + 2)} L${n(200 - bx - 4)} ${n(CY + 4)} M${n(200 + bx - 1)} ${n(by + 2)} L${n(200 + bx + 4)} ${n(CY + 4)}" fill="none"/><ellipse cx="${n(200 - bx - 5)}" cy="${n(CY + 12)}" rx="3.5" ry="7"/><ellipse cx="${n(200 + bx + 5)}" cy="${n(CY + 12)}" rx="3.5" ry="7"/></g>`);
  } else {
    out.push(`<path d="M${n(200 - bx - 2)} ${n(by + 4)} Q200 ${n(by - 10)} ${n(200 + bx + 2)} ${n(by + 4)}" fill="none" stroke="${paint}" stroke-width="${n(l.rimW + 1)}"${l.transparent ? ' stroke-opacity=".85"' : ''}/>`);
  }
  // Rimless: the drill mounts that hold the lenses.
  if (l.rim === 'rimless') out.push(`<g fill="${paint}"><circle cx="${n(xL + 4)}" cy="${HINGE_Y}" r="2.5"/><circle cx="${n(xR - 4)}" cy="${HINGE_Y}" r="2.5"/><circle cx="${n(200 - bx - 1)}" cy="${n(by + 1)}" r="2.5"/><circle cx="${n(200 + bx + 1)}" cy="${n(by + 1)}" r="2.5"/></g>`);
  // Dearer acetate: the hinge rivets show on the front.
  if (l.premium && l.finish === 'acetate') out.push(`<g fill="${l.accent}"><circle cx="${n(xL + 5)}" cy="${HINGE_Y - 2}" r="1.6"/><circle cx="${n(xR - 5)}" cy="${HINGE_Y - 2}" r="1.6"/></g>`);
  return out.join('');
}

/** One temple arm seen from the side, hinge end at (70, 90), bending down behind the ear. */
export function templeDrawing(l: FrameLook, withLogo = true): string {
  const x = l.bend;
  const out: string[] = [];
  if (l.finish === 'metal' || (l.rim === 'rimless' && l.finish !== 'acetate')) {
    const tip = darken(l.base, 0.55);
    out.push(`<path d="M72 90 H${n(x)} Q${n(x + 24)} 92 ${n(x + 32)} 124" fill="none" stroke="${l.paint}" stroke-width="${n(l.rimW + 0.6)}" stroke-linecap="round"/>`);
    out.push(`<path d="M${n(x - 36)} 90.5 H${n(x)} Q${n(x + 24)} 92.5 ${n(x + 32)} 124" fill="none" stroke="${tip}" stroke-width="${l.premium ? 4.5 : 5.5}" stroke-linecap="round"/>`);
    out.push(`<rect x="70" y="86.5" width="12" height="7" rx="2" fill="${l.paint}"/>`);
  } else {
    const thick = l.finish === 'acetate' ? 6.5 : 8;
    const body = `M70 ${n(90 - thick)} L${n(x)} ${n(90 - thick * 0.45)} Q${n(x + 24)} ${n(91 - thick * 0.3)} ${n(x + 31)} 125 L${n(x + 25)} 127 Q${n(x + 14)} ${n(94 + thick * 0.2)} ${n(x - 14)} ${n(90 + thick * 0.5)} L70 ${n(90 + thick)}Z`;
    out.push(`<path d="${body}" fill="${l.paint}"${l.transparent ? ' fill-opacity=".75" stroke="#9fb2bf" stroke-width=".8"' : ''}/>`);
    // Transparent or dearer acetate: the metal core wire shows through.
    if (l.transparent || (l.premium && l.finish === 'acetate')) out.push(`<path d="M78 90 H${n(x - 24)}" stroke="${l.accent}" stroke-width="1.2" stroke-opacity="${l.transparent ? 0.9 : 0.5}"/>`);
    if (l.finish === 'plastic') out.push(`<path d="M${n(x - 20)} ${n(90 + thick * 0.35)} Q${n(x + 14)} ${n(92)} ${n(x + 26)} 124" fill="none" stroke="${darken(l.base, 0.6)}" stroke-width="4" stroke-linecap="round"/>`);
  }
  if (l.premium && withLogo) out.push(templeLogo(l));
  return out.join('');
}

/** The brand on the outside of a temple, near the hinge. */
function templeLogo(l: FrameLook): string {
  const name = l.brand.length > 14 ? l.brand.slice(0, 14) : l.brand;
  const fill = l.finish === 'metal' ? darken(l.base, 0.45) : l.accent;
  return `<text x="92" y="${l.finish === 'metal' ? 97.5 : 92.2}" font-size="${l.finish === 'metal' ? 5 : 6}" font-family="Helvetica, Arial, sans-serif" font-weight="700" letter-spacing=".6" fill="${fill}">${escapeXml(name.toUpperCase())}</text>`;
}

/** The front edge-on at the left of the side view, in front of the temple's hinge. */
export function frontEdgeDrawing(l: FrameLook): string {
  const top = 104 - l.b;
  const bot = 104 + l.b;
  const curve = l.shape === 'wrap' ? 20 : 8;
  const lens = `<path d="M70 ${n(top)} Q${70 - curve} 104 70 ${n(bot)} Q${n(70 - curve + 6)} 104 70 ${n(top)}Z" fill="url(#fl)" fill-opacity="${l.lensOpacity}"/>`;
  const rimW = l.rim === 'rimless' ? 1.5 : l.rim === 'half' ? l.rimW + 1 : l.rimW + 1;
  const rimD = l.rim === 'half' || l.rim === 'browline' ? `M72 ${n(top - 1)} Q${n(70 - curve * 0.3)} ${n(top + l.b * 0.4)} ${n(70 - curve * 0.6)} ${n(top + l.b * 0.8)}` : `M72 ${n(top - 1)} Q${70 - curve} 104 72 ${n(bot + 1)}`;
  const pad = l.finish === 'metal' || l.rim === 'rimless' ? `<ellipse cx="84" cy="${n(104 + l.b * 0.25)}" rx="3" ry="6.5" fill="#eef3f6" fill-opacity=".75" stroke="${l.paint}" stroke-width="1"/>` : '';
  return `<g>${lens}<path d="${rimD}" fill="none" stroke="${l.rim === 'browline' && l.finish === 'metal' ? '#1d1d1f' : l.paint}" stroke-width="${n(rimW)}" stroke-linecap="round"/>${pad}</g>`;
}

/**
 * The frame turned about 32° and seen a little from above: the front as an affine image of the
 * front drawing, the near temple reaching out to the left, the far one behind the lenses.
 */
export function angledDrawing(l: FrameLook): string {
  const th = (32 * Math.PI) / 180;
  const ph = (12 * Math.PI) / 180;
  const [ct, st, cp, sp] = [Math.cos(th), Math.sin(th), Math.cos(ph), Math.sin(ph)];
  const k = 0.9;
  const tip = l.bend + 32;
  // x extent of the projection (front centred on the origin), to centre the whole in the picture.
  const minX = -138 * ct - (tip - 70) * st;
  const maxX = 146 * ct;
  const tx = 200 - (k * (minX + maxX)) / 2;
  const ty = 100;
  const m = (...v: number[]) => `matrix(${v.map((x) => Math.round(x * 1000) / 1000).join(' ')})`;
  // Temple side coordinates (u, v) → 3D (X, v − 104, −(u − 70)) → projected.
  const temple = (X: number) => m(-st, -ct * sp, 0, cp, 70 * st + X * ct, -104 * cp - X * st * sp + 70 * ct * sp);
  const front = m(ct, -st * sp, 0, cp, -200 * ct, -100 * cp + 200 * st * sp);
  const near = temple(-138);
  // Without the brand: seen through this transform it would read mirrored.
  const body = templeDrawing(l, false);
  return `<g transform="translate(${n(tx)} ${ty}) scale(${k})"><g transform="${temple(138)}" opacity=".9">${body}</g><g transform="${front}">${frontDrawing(l)}</g><g transform="${near}">${body}</g></g>`;
}
