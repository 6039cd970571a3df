import { mediaWidths, type Article, type MediaSize } from '@optik/shared';

/**
 * Product pictures drawn from the article itself (frame shape and colour, lens box, bottle),
 * so the demo catalogue has real images without downloading any. Aspect 2:1.
 */
const COLOR_HEX: Record<string, string> = {
  sort: '#1d1d1f', havana: '#7a4a2a', guld: '#c9a24a', sølv: '#a9adb3', transparent: '#d9e3ea', blå: '#1f4e8c',
  rød: '#b3262e', grøn: '#2f6b45', brun: '#5b3a22', rosa: '#d98aa0', grå: '#6d7278', gunmetal: '#4a4f55',
  skildpadde: '#8a5a33', bordeaux: '#6b1f2e',
};

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function lensPath(shape: string, cx: number, cy: number): string {
  const w = 70;
  const h = 52;
  switch (shape) {
    case 'rund':
      return `<circle cx="${cx}" cy="${cy}" r="36"/>`;
    case 'oval':
      return `<ellipse cx="${cx}" cy="${cy}" rx="${w / 2 + 4}" ry="${h / 2 - 2}"/>`;
    case 'pilot':
      return `<path d="M${cx - 38} ${cy - 24} H${cx + 38} Q${cx + 44} ${cy + 8} ${cx + 14} ${cy + 32} Q${cx} ${cy + 38} ${cx - 14} ${cy + 32} Q${cx - 44} ${cy + 8} ${cx - 38} ${cy - 24} Z"/>`;
    case 'cat-eye':
      return `<path d="M${cx - 38} ${cy - 14} Q${cx} ${cy - 34} ${cx + 44} ${cy - 30} Q${cx + 40} ${cy + 26} ${cx} ${cy + 26} Q${cx - 36} ${cy + 26} ${cx - 38} ${cy - 14} Z"/>`;
    case 'panto':
      return `<path d="M${cx - 36} ${cy - 22} H${cx + 36} Q${cx + 40} ${cy + 30} ${cx} ${cy + 30} Q${cx - 40} ${cy + 30} ${cx - 36} ${cy - 22} Z"/>`;
    case 'wrap':
      return `<path d="M${cx - 40} ${cy - 20} Q${cx} ${cy - 30} ${cx + 42} ${cy - 22} Q${cx + 40} ${cy + 22} ${cx + 4} ${cy + 24} Q${cx - 34} ${cy + 24} ${cx - 40} ${cy - 20} Z"/>`;
    case 'firkantet':
      return `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="6"/>`;
    default:
      return `<rect x="${cx - w / 2 - 2}" y="${cy - h / 2 + 6}" width="${w + 4}" height="${h - 12}" rx="10"/>`;
  }
}

/** The frame categories: only these have frame pictures and try-on parts. */
export function isFrame(article: Article): boolean {
  return article.category === 'briller' || article.category === 'solbriller' || article.category === 'sportsbriller';
}

interface FrameStyle {
  color: string;
  tint: string;
  lensOpacity: number;
  shape: string;
  stroke: number;
}

function frameStyle(article: Article): FrameStyle {
  return {
    color: COLOR_HEX[article.attributes.color ?? 'sort'] ?? '#1d1d1f',
    tint: article.category === 'solbriller' ? (article.attributes.polarized ? '#2b4a3a' : '#3a2f2a') : article.category === 'sportsbriller' ? '#c2571a' : '#e9f2f8',
    lensOpacity: article.category === 'briller' ? 0.35 : 0.8,
    shape: article.attributes.shape ?? 'rektangulær',
    stroke: article.attributes.material === 'metal' || article.attributes.material === 'titanium' ? 3 : 7,
  };
}

function lensesAndBridge(s: FrameStyle): string {
  const lenses = `<g fill="${s.tint}" fill-opacity="${s.lensOpacity}" stroke="${s.color}" stroke-width="${s.stroke}">${lensPath(s.shape, 140, 100)}${lensPath(s.shape, 260, 100)}</g>`;
  const bridge = `<path d="M178 92 Q200 78 222 92" stroke="${s.color}" stroke-width="${Math.max(3, s.stroke - 2)}" fill="none"/>`;
  return `${lenses}${bridge}`;
}

/** The front seen from ahead: the hinge stubs (the temples end-on, hinges at x 62 and 338, y 86), lenses and bridge. */
function frontDrawing(s: FrameStyle): string {
  return `<path d="M100 86 H62 M300 86 H338" stroke="${s.color}" stroke-width="${s.stroke}" stroke-linecap="round"/>${lensesAndBridge(s)}`;
}

/** One temple arm seen from the side: the hinge end at (70, 90), the ear bend at the right. */
function templeDrawing(s: FrameStyle, frontEdge = ''): string {
  return `<g stroke="${s.color}" stroke-width="${s.stroke}" fill="none" stroke-linecap="round"><path d="M70 90 H300 Q330 92 338 120"/>${frontEdge}</g>`;
}

function frame(article: Article, index: number): string {
  const s = frameStyle(article);
  if (index === 1) return templeDrawing(s, '<path d="M70 70 V110"/>'); // side view: the front edge-on and the temple
  return index === 2 ? `<g transform="translate(200 100) scale(0.85 0.7) translate(-200 -100)">${lensesAndBridge(s)}</g>` : frontDrawing(s);
}

export const FRAME_PARTS = ['front', 'temple'] as const;
export type FramePart = (typeof FRAME_PARTS)[number];

/**
 * The try-on and 3D parts on a transparent background, cut from the picture coordinates so both
 * share one scale and height: the front's hinge stubs (y 86) and the temple's hinge end (y 90) sit
 * 30 units below the top of their box, and the temple's hinge is its left edge. The 3D view
 * (customer-web features/product/frame-parts.ts, product.css) relies on that to stack the planes.
 */
const PART_BOX: Record<FramePart, { x: number; y: number; w: number; h: number; alt: (name: string) => string }> = {
  front: { x: 56, y: 56, w: 288, h: 88, alt: (name) => `${name}, brillefronten` },
  temple: { x: 70, y: 60, w: 276, h: 88, alt: (name) => `${name}, en brillestang set fra siden` },
};

export function renderFramePartSvg(article: Article, part: FramePart): string {
  const s = frameStyle(article);
  const box = PART_BOX[part];
  const body = part === 'front' ? frontDrawing(s) : templeDrawing(s);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${box.w * 2}" height="${box.h * 2}" viewBox="${box.x} ${box.y} ${box.w} ${box.h}" role="img"><title>${escapeXml(box.alt(article.name))}</title>${body}</svg>`;
}

function box(article: Article, index: number): string {
  const brand = escapeXml(article.brand);
  const pack = article.packageAmount ? `${article.packageAmount} stk.` : '';
  if (index === 1) {
    return `<g><rect x="120" y="50" width="160" height="100" rx="14" fill="#f3f6f9" stroke="#9fb3c8"/><circle cx="200" cy="100" r="34" fill="#dcecf7" stroke="#7aa6c9" stroke-width="3"/><text x="200" y="170" font-size="14" text-anchor="middle" fill="#334">Blister</text></g>`;
  }
  const name = escapeXml(article.name.length > 34 ? `${article.name.slice(0, 33)}…` : article.name);
  return `<g font-family="Helvetica, Arial, sans-serif"><rect x="70" y="30" width="260" height="140" rx="8" fill="#ffffff" stroke="#1f4e8c" stroke-width="3"/><rect x="70" y="30" width="260" height="34" rx="8" fill="#1f4e8c"/><text x="200" y="53" font-size="18" font-weight="700" text-anchor="middle" fill="#fff">${brand}</text><text x="200" y="104" font-size="15" text-anchor="middle" fill="#1d1d1f">${name}</text><text x="200" y="140" font-size="22" font-weight="700" text-anchor="middle" fill="#1f4e8c">${escapeXml(pack)}</text></g>`;
}

function bottle(article: Article): string {
  const sub = article.attributes.subCategory ?? '';
  const color = COLOR_HEX[article.attributes.color ?? ''] ?? '#2f6b45';
  if (sub === 'etuier' || sub === 'linseetuier') return `<rect x="110" y="70" width="180" height="70" rx="35" fill="${color}"/>`;
  if (sub === 'brillekæder' || sub === 'stropper') return `<path d="M60 60 Q200 200 340 60" stroke="${color}" stroke-width="6" fill="none"/>`;
  const label = escapeXml(article.brand);
  return `<g font-family="Helvetica, Arial, sans-serif"><rect x="170" y="30" width="60" height="22" rx="4" fill="#5a6b7d"/><rect x="150" y="50" width="100" height="130" rx="16" fill="#ffffff" stroke="${color}" stroke-width="4"/><text x="200" y="120" font-size="14" font-weight="700" text-anchor="middle" fill="${color}">${label}</text></g>`;
}

export function renderArticleSvg(article: Article, imageIndex: number, size: MediaSize): string {
  const width = mediaWidths[size];
  const height = Math.round(width / 2);
  const alt = article.medias[imageIndex]?.alt ?? article.name;
  const body = isFrame(article) ? frame(article, imageIndex) : article.category === 'kontaktlinser' ? box(article, imageIndex) : bottle(article);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 200" role="img"><title>${escapeXml(alt)}</title><rect width="400" height="200" fill="#f7f7f5"/>${body}</svg>`;
}
