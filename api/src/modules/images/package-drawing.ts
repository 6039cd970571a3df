import type { Article } from '@optik/shared';
import { COLOR_HEX, darken, hashOf, hsl, lighten, n, text, textLines, wrapText } from './draw-util';

/**
 * Packaging and accessories drawn from the article: a contact-lens box in the brand's colours
 * with brand, product name, lens type and count printed on it (front, and turned with a blister
 * beside it); eye care as a dropper bottle with its carton, a jar, a tube, wipes or a mask; and
 * the accessories (cases, cords, sprays, cloths, clip-ons, spare lenses, solution). Every printed
 * text is escaped (draw-util `text`). 400 × 200 units.
 */

const FONT = 'font-family="Helvetica, Arial, sans-serif"';
/** Brand colours: main and second. Other brands get a hue from their name. */
const BRAND_COLOURS = new Map<string, [string, string]>([
  ['Acuvue', ['#00558c', '#00a3e0']],
  ['Dailies', ['#4b2a7b', '#00a6d6']],
  ['Air Optix', ['#6c2a7d', '#e0457b']],
  ['EyeQ', ['#0e6e6e', '#35b4a6']],
  ['Hycosan', ['#1b4f9c', '#6fb7e9']],
  ['Thealoz', ['#0b6b8a', '#7cc8d8']],
  ['Théa', ['#8a1c3c', '#e08aa0']],
  ['Systane', ['#5b2d8c', '#2ba0d8']],
  ['Optrex', ['#0a4f9e', '#e8362d']],
  ['Blephaclean', ['#2e7d4f', '#9fd0a8']],
  ['Blephasol', ['#2e7d4f', '#9fd0a8']],
  ['Zeiss', ['#1a2b59', '#4a8fd6']],
  ['Blink', ['#0d5fa6', '#62c2ea']],
  ['Biotrue', ['#00746b', '#8cd3c5']],
  ['Opti-Free', ['#003f87', '#5db3e5']],
  ['AOSEPT', ['#2f2f8f', '#f0a11c']],
]);
const LENS_TYPE = new Map([['endagslinser', 'Endagslinser'], ['ugelinser', 'Linser til 2 uger'], ['månedslinser', 'Månedslinser']]);
const LENS_KIND = new Map([['torisk', 'Til bygningsfejl'], ['multifokal', 'Flerstyrke']]);

function coloursOf(article: Article): [string, string] {
  const known = BRAND_COLOURS.get(article.brand);
  if (known) return known;
  const h = hashOf(article.brand) % 360;
  return [hsl(h, 0.55, 0.32), hsl((h + 40) % 360, 0.6, 0.6)];
}

/** The front face of a lens box, 220 × 150 with its top left at the origin. */
function lensBoxFace(article: Article, [main, second]: [string, string]): string {
  const name = wrapText(article.name, 22, 2);
  const type = LENS_TYPE.get(article.attributes.lensType ?? '') ?? 'Kontaktlinser';
  const kind = LENS_KIND.get(article.attributes.subCategory ?? '');
  const count = article.packageAmount ? `${article.packageAmount} linser` : '';
  const nameY = name.length > 1 ? 58 : 66;
  return [
    `<rect width="220" height="150" rx="6" fill="#fff" stroke="${darken(main, 0.1)}" stroke-width="2"/>`,
    `<path d="M0 6 Q0 0 6 0 H214 Q220 0 220 6 V34 H0Z" fill="${main}"/>`,
    text(12, 24, 17, article.brand.toUpperCase(), `font-weight="700" fill="#fff" letter-spacing="1"`),
    `<path d="M0 122 C60 100 130 140 220 112 V144 Q220 150 214 150 H6 Q0 150 0 144Z" fill="${second}" fill-opacity=".9"/>`,
    `<circle cx="190" cy="72" r="16" fill="${lighten(second, 0.75)}" stroke="${second}" stroke-width="2"/><path d="M179 66 Q190 58 201 66" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round"/>`,
    textLines(88, nameY, 14, name, `font-weight="700" fill="${darken(main, 0.2)}"`),
    text(88, 98, 11, type, `text-anchor="middle" fill="#3c4650"`),
    kind ? `<rect x="8" y="102" width="84" height="14" rx="7" fill="${lighten(main, 0.85)}"/>${text(50, 112.5, 8.5, kind, `text-anchor="middle" fill="${main}"`)}` : '',
    count ? text(210, 141, 15, count, `text-anchor="end" font-weight="700" fill="#fff"`) : '',
  ].join('');
}

/** Index 0: the box from the front. Index 1: the box turned, its side and top showing, a blister in front. */
function lensBox(article: Article, index: number): string {
  const colours = coloursOf(article);
  const face = lensBoxFace(article, colours);
  if (index === 0) return `<ellipse cx="200" cy="182" rx="120" ry="6" fill="#000" fill-opacity=".07"/><g transform="translate(90 25)">${face}</g>`;
  const [main] = colours;
  const side = `<path d="M246 52 L290 30 V152 L246 174Z" fill="${darken(main, 0.25)}"/><path d="M246 52 L290 30 V44 L246 66Z" fill="${darken(main, 0.4)}"/>`;
  const top = `<path d="M76 34 L120 12 H290 L246 34Z" fill="${lighten(main, 0.55)}" stroke="${darken(main, 0.1)}" stroke-width="1"/>`;
  const sideText = text(0, 0, 11, article.brand.toUpperCase(), `transform="matrix(0 -1 .45 -.22 272 140)" font-weight="700" fill="#fff" letter-spacing="1"`);
  const blister = `<g transform="translate(236 128) rotate(-8)"><rect width="110" height="54" rx="8" fill="#e6eaee" stroke="#b9c2ca"/><rect x="4" y="4" width="102" height="18" rx="4" fill="${main}" fill-opacity=".85"/><ellipse cx="55" cy="38" rx="20" ry="12" fill="#f7fbfd" stroke="#9fb0bd"/><ellipse cx="55" cy="38" rx="12" ry="6" fill="${lighten(colours[1], 0.6)}" fill-opacity=".8"/></g>`;
  return `<ellipse cx="210" cy="184" rx="150" ry="7" fill="#000" fill-opacity=".07"/>${top}${side}<g transform="matrix(.776 .1 0 .927 76 34)">${face}</g>${sideText}${blister}`;
}

/** A dropper bottle: white body, coloured cap, label with brand. */
function dropper(x: number, y: number, scale: number, [main, second]: [string, string], brand: string): string {
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${scale})"><path d="M-7 -78 L0 -96 L7 -78Z" fill="#f4f6f8" stroke="#c3ccd4"/><rect x="-14" y="-80" width="28" height="24" rx="4" fill="${main}"/><path d="M-22 -54 Q-22 -58 -16 -58 H16 Q22 -58 22 -54 V0 Q22 6 16 6 H-16 Q-22 6 -22 0Z" fill="#fbfcfd" stroke="#c3ccd4"/><rect x="-22" y="-42" width="44" height="30" fill="${second}" fill-opacity=".85"/>${text(0, -24, 8, brand.length > 10 ? brand.slice(0, 10) : brand, 'text-anchor="middle" font-weight="700" fill="#fff"')}</g>`;
}

/** An upright carton (eye care) with brand and name, front face `w` × `h` at (x, y). */
function carton(x: number, y: number, w: number, h: number, article: Article, [main, second]: [string, string], sub: string): string {
  const lines = wrapText(article.name.replace(/, 3-pak$/, ''), Math.floor(w / 8.2), 3);
  return `<g transform="translate(${n(x)} ${n(y)})"><path d="M${w} 0 L${w + 16} -10 V${h - 10} L${w} ${h}Z" fill="${darken(main, 0.3)}"/><path d="M0 0 L16 -10 H${w + 16} L${w} 0Z" fill="${lighten(main, 0.4)}"/><rect width="${w}" height="${h}" fill="#fff" stroke="${darken(main, 0.1)}"/><rect width="${w}" height="28" fill="${main}"/>${text(w / 2, 19, 14, article.brand.toUpperCase(), 'text-anchor="middle" font-weight="700" fill="#fff" letter-spacing=".5"')}${textLines(w / 2, 50, 12, lines, `font-weight="700" fill="${darken(main, 0.2)}"`)}<path d="M0 ${h - 26} C${w * 0.3} ${h - 40} ${w * 0.6} ${h - 10} ${w} ${h - 30} V${h} H0Z" fill="${second}" fill-opacity=".85"/>${text(w / 2, h - 8, 9, sub, 'text-anchor="middle" fill="#fff"')}</g>`;
}

function jar(x: number, y: number, [main, second]: [string, string], article: Article): string {
  const lines = wrapText(article.name.replace(/^\S+ /, '').replace(/, 3-pak$/, ''), 14, 2);
  return `<g transform="translate(${n(x)} ${n(y)})"><rect x="-40" y="-118" width="80" height="22" rx="4" fill="${main}"/><path d="M-46 -96 H46 Q52 -96 52 -88 V-6 Q52 0 44 0 H-44 Q-52 0 -52 -6 V-88 Q-52 -96 -46 -96Z" fill="#fdfdfb" stroke="#cfd5da"/><rect x="-52" y="-80" width="104" height="60" fill="${second}" fill-opacity=".25"/>${text(0, -62, 12, article.brand.toUpperCase(), `text-anchor="middle" font-weight="700" fill="${main}"`)}${textLines(0, -46, 10, lines, `fill="${darken(main, 0.2)}"`)}</g>`;
}

function mask(colour: string, article: Article): string {
  return `<path d="M40 96 Q20 70 40 60 M360 96 Q380 70 360 60" fill="none" stroke="${darken(colour, 0.3)}" stroke-width="6"/><path d="M60 60 Q200 30 340 60 Q368 100 330 138 Q290 160 236 130 Q200 112 164 130 Q110 160 70 138 Q32 100 60 60Z" fill="${colour}" stroke="${darken(colour, 0.25)}" stroke-width="3"/><path d="M80 70 Q200 48 320 70" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4" stroke-linecap="round"/>${text(200, 92, 13, article.brand.toUpperCase(), 'text-anchor="middle" font-weight="700" fill="#fff" letter-spacing="1"')}`;
}

function tube(colours: [string, string], article: Article): string {
  const [main, second] = colours;
  return `<g transform="rotate(-12 200 100)"><path d="M90 70 H300 L312 64 V136 L300 130 H90Z" fill="#fbfcfd" stroke="#c3ccd4"/><rect x="312" y="86" width="30" height="28" rx="4" fill="${main}"/><rect x="96" y="70" width="16" height="60" fill="${second}" fill-opacity=".6"/>${text(205, 96, 15, article.brand.toUpperCase(), `text-anchor="middle" font-weight="700" fill="${main}"`)}${text(205, 116, 11, wrapText(article.name, 30, 1)[0] ?? '', `text-anchor="middle" fill="#3c4650"`)}</g>`;
}

function eyeCare(article: Article): string {
  const colours = coloursOf(article);
  const sub = article.attributes.subCategory ?? '';
  const pack3 = article.skus[0]?.name === '3 stk.';
  const name = article.name.toLowerCase();
  const shadow = '<ellipse cx="200" cy="184" rx="150" ry="7" fill="#000" fill-opacity=".07"/>';
  if (sub === 'øjenmasker') {
    const colour = COLOR_HEX.get(['blå', 'grå', 'rosa', 'bordeaux', 'sort'][hashOf(article.name) % 5]!)!;
    return `${shadow}${mask(colour, article)}${pack3 ? text(200, 178, 14, '3 stk.', `text-anchor="middle" font-weight="700" fill="${colours[0]}"`) : ''}`;
  }
  if (name.includes('gel') && !name.includes('servietter')) return `${shadow}${tube(colours, article)}`;
  // One item at (dx, dy); a 3-pack shows three, the back ones up and to the left.
  let one: (dx: number, dy: number) => string;
  let extra = '';
  if (sub === 'vitaminer') one = (dx, dy) => jar(200 + dx, 180 + dy, colours, article);
  else if (name.includes('servietter') || sub === 'øjenlågsrens') one = (dx, dy) => carton(130 + dx, 40 + dy, 150, 138, article, colours, 'Øjenlågsrens');
  else {
    one = (dx, dy) => carton(120 + dx, 40 + dy, 130, 140, article, colours, 'Øjendråber');
    extra = dropper(290, 180, 1.05, colours, article.brand);
  }
  const items = pack3 ? `${one(-40, -20)}${one(-20, -10)}${one(0, 0)}` : one(0, 0);
  const badge = pack3 ? `<circle cx="92" cy="150" r="24" fill="${colours[0]}"/>${text(92, 155, 13, '3 stk.', 'text-anchor="middle" font-weight="700" fill="#fff"')}` : '';
  return `${shadow}${items}${extra}${badge}`;
}

/** Accessories: cases, cords, sprays, cloths, clip-ons, spare lenses, lens solution and drops. */
function accessory(article: Article): string {
  const sub = article.attributes.subCategory ?? '';
  const colour = COLOR_HEX.get(article.attributes.color ?? '') ?? '#2f6b45';
  const colours = coloursOf(article);
  const name = article.name.toLowerCase();
  const shadow = '<ellipse cx="200" cy="180" rx="140" ry="7" fill="#000" fill-opacity=".07"/>';
  const brand = text(200, 108, 12, article.brand.toUpperCase(), `text-anchor="middle" font-weight="700" fill="${lighten(colour, 0.8)}" letter-spacing="1"`);
  if (sub === 'etuier') {
    const soft = name.includes('blødt') || name.includes('filt') || name.includes('soft');
    if (soft) return `${shadow}<path d="M70 70 H330 Q346 70 346 86 V150 Q346 166 330 166 H70 Q54 166 54 150 V86 Q54 70 70 70Z" fill="${colour}"/><path d="M60 84 H340" stroke="${lighten(colour, 0.3)}" stroke-width="2" stroke-dasharray="4 4"/>${brand}`;
    return `${shadow}<path d="M80 60 H320 Q360 60 360 110 Q360 160 320 160 H80 Q40 160 40 110 Q40 60 80 60Z" fill="${colour}"/><path d="M42 104 H358" stroke="${darken(colour, 0.35)}" stroke-width="3"/><path d="M80 66 H320" stroke="${lighten(colour, 0.35)}" stroke-width="3" stroke-linecap="round"/><rect x="186" y="98" width="28" height="12" rx="3" fill="#c7ccd2"/>${text(200, 138, 12, article.brand.toUpperCase(), `text-anchor="middle" font-weight="700" fill="${lighten(colour, 0.8)}" letter-spacing="1"`)}`;
  }
  if (sub === 'linseetuier') {
    const cap = (cx: number, letter: string) => `<circle cx="${cx}" cy="100" r="44" fill="${colour}" stroke="${darken(colour, 0.3)}" stroke-width="3"/><circle cx="${cx}" cy="100" r="34" fill="none" stroke="${lighten(colour, 0.3)}" stroke-width="2"/>${text(cx, 112, 32, letter, 'text-anchor="middle" font-weight="700" fill="#fff"')}`;
    return `${shadow}<rect x="150" y="84" width="100" height="32" fill="#f0f3f5" stroke="#c3ccd4"/>${cap(130, 'H')}${cap(270, 'V')}`;
  }
  if (sub === 'brillekæder' || sub === 'stropper') {
    const strap = sub === 'stropper';
    const beads = name.includes('perler') ? Array.from({ length: 13 }, (_, i) => { const t = (i + 1) / 14; const x = (1 - t) ** 2 * 50 + 2 * (1 - t) * t * 200 + t * t * 350; const y = (1 - t) ** 2 * 50 + 2 * (1 - t) * t * 220 + t * t * 50; return `<circle cx="${n(x)}" cy="${n(y)}" r="5"/>`; }).join('') : '';
    return `<path d="M50 50 Q200 220 350 50" fill="none" stroke="${colour}" stroke-width="${strap ? 14 : 4}" stroke-linecap="round"/><g fill="${lighten(colour, 0.3)}">${beads}</g><g fill="none" stroke="${darken(colour, 0.3)}" stroke-width="4"><circle cx="44" cy="44" r="9"/><circle cx="356" cy="44" r="9"/></g>`;
  }
  if (sub === 'clip-on') return `${shadow}<g fill="#3a4a5a" fill-opacity=".75" stroke="#555b62" stroke-width="2"><rect x="92" y="62" width="96" height="70" rx="22"/><rect x="212" y="62" width="96" height="70" rx="22"/></g><path d="M188 80 Q200 70 212 80" fill="none" stroke="#555b62" stroke-width="4"/><path d="M192 62 V48 H208 V62" fill="none" stroke="#c7ccd2" stroke-width="4"/>${text(200, 160, 12, article.brand.toUpperCase(), 'text-anchor="middle" font-weight="700" fill="#3c4650"')}`;
  if (sub === 'ekstra-glas') {
    const tint = name.includes('gul') ? ['#e0a21a', '#f7dc5a'] : name.includes('orange') ? ['#c2571a', '#f4a040'] : ['#8a2a3a', '#e07a5a'];
    return `${shadow}<defs><linearGradient id="pg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint[0]}"/><stop offset="1" stop-color="${tint[1]}"/></linearGradient></defs><path d="M70 70 C130 56 270 56 330 70 C340 100 326 128 290 134 C252 138 222 128 212 112 Q200 96 188 112 C178 128 148 138 110 134 C74 128 60 100 70 70Z" fill="url(#pg)" fill-opacity=".9" stroke="#555b62"/><path d="M100 76 Q150 66 200 68" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="3" stroke-linecap="round"/>`;
  }
  if (sub === 'linsevæske' || sub === 'øjendråber') {
    if (sub === 'øjendråber') return `${shadow}${carton(110, 40, 130, 140, article, colours, 'Øjendråber')}${dropper(280, 180, 1.05, colours, article.brand)}`;
    const [main, second] = colours;
    const lines = wrapText(article.name.replace(article.brand, '').trim() || article.name, 14, 3);
    return `${shadow}<g transform="translate(150 0)"><rect x="28" y="14" width="44" height="26" rx="5" fill="${main}"/><path d="M14 44 Q14 38 22 38 H78 Q86 38 86 44 V172 Q86 180 78 180 H22 Q14 180 14 172Z" fill="#fbfcfd" stroke="#c3ccd4"/><rect x="14" y="60" width="72" height="100" fill="${second}" fill-opacity=".3"/>${text(50, 82, 12, article.brand.length > 11 ? article.brand.slice(0, 11) : article.brand, `text-anchor="middle" font-weight="700" fill="${main}"`)}${textLines(50, 100, 8.5, lines, `fill="#2c3640"`)}</g><g transform="translate(270 150)"><rect x="-30" y="-10" width="60" height="20" fill="#eef2f4" stroke="#c3ccd4"/><circle cx="-26" cy="0" r="18" fill="${second}"/><circle cx="26" cy="0" r="18" fill="${main}"/></g>`;
  }
  if (name.includes('klud')) return `${shadow}<path d="M110 50 H290 L300 160 H100Z" fill="${colour}"/><path d="M110 50 L300 160 M290 50 L100 160" stroke="${lighten(colour, 0.15)}" stroke-width="1.5"/><rect x="150" y="96" width="100" height="22" rx="3" fill="#fff" fill-opacity=".85"/>${text(200, 111, 11, article.brand.toUpperCase(), `text-anchor="middle" font-weight="700" fill="${darken(colour, 0.3)}"`)}`;
  // Sprays (cleaning, anti-fog) and everything else: a pump bottle with the brand.
  const [main] = colours;
  return `${shadow}<g transform="translate(150 0)"><path d="M38 20 H66 V30 H38Z M66 22 H82 V26 H66Z" fill="#3c4650"/><rect x="34" y="30" width="36" height="16" rx="3" fill="${colour}"/><path d="M20 52 Q20 46 28 46 H76 Q84 46 84 52 V172 Q84 180 76 180 H28 Q20 180 20 172Z" fill="#eaf2f7" fill-opacity=".9" stroke="#b9c7d1"/><rect x="20" y="80" width="64" height="64" fill="${main}"/>${text(52, 104, 10, article.brand.length > 12 ? article.brand.slice(0, 12) : article.brand, 'text-anchor="middle" font-weight="700" fill="#fff"')}${textLines(52, 120, 8, wrapText(article.name.replace(article.brand, '').trim(), 14, 2), 'fill="#fff"')}</g>`;
}

export function packageDrawing(article: Article, index: number): string {
  const body = article.category === 'kontaktlinser' ? lensBox(article, index) : article.category === 'oejenpleje' ? eyeCare(article) : accessory(article);
  return `<g ${FONT}>${body}</g>`;
}
