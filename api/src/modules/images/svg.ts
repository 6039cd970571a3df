import { mediaWidths, type Article, type MediaSize } from '@optik/shared';
import { escapeXml } from './draw-util';
import { angledDrawing, frameLook, frontDrawing, frontEdgeDrawing, templeDrawing } from './frame-drawing';
import { packageDrawing } from './package-drawing';

export { escapeXml } from './draw-util';

/**
 * Product pictures drawn from each article's own attributes (frame-drawing.ts: shape, size,
 * colour, material, rim, lens tint; package-drawing.ts: lens boxes, eye care and accessories with
 * brand and name printed on them), so the demo catalogue has real, distinct images without
 * downloading any. Aspect 2:1 (400 × 200 units), at the SPEC §9 widths. A frame has three
 * pictures: 0 from the front, 1 from the side, 2 turned (3/4); a lens box two: 0 front, 1 turned
 * with a blister. The same article always gives the same SVG (nothing random, nothing dated).
 */

const BACKGROUND = '<rect width="400" height="200" fill="#f7f7f5"/>';
const FLOOR_SHADOW = '<ellipse cx="205" cy="160" rx="150" ry="9" fill="#000" fill-opacity=".06"/>';

/** The frame categories: only these have frame pictures and try-on parts. */
export function isFrame(article: Article): boolean {
  return article.category === 'briller' || article.category === 'solbriller' || article.category === 'sportsbriller';
}

/** Index 0 the front, 1 the side (the temple, then the front edge-on), otherwise turned. */
function frame(article: Article, index: number): string {
  const look = frameLook(article);
  if (index === 0) return `${look.defs}${frontDrawing(look)}`;
  if (index === 1) return `${FLOOR_SHADOW}${look.defs}${templeDrawing(look)}${frontEdgeDrawing(look)}`;
  return `${FLOOR_SHADOW}${look.defs}${angledDrawing(look)}`;
}

export const FRAME_PARTS = ['front', 'temple'] as const;
export type FramePart = (typeof FRAME_PARTS)[number];

/**
 * The try-on and 3D parts on a transparent background, cut from the picture coordinates so both
 * share one scale and height: the front's hinge stubs (y 86) and the temple's hinge end (y 90) sit
 * 30 units below the top of their box, and the temple's hinge is its left edge. The 3D view
 * (customer-web features/product/frame-parts.ts, product.css) relies on that to stack the planes.
 */
const PART_BOX = new Map<FramePart, { x: number; y: number; w: number; h: number; alt: (name: string) => string }>([
  ['front', { x: 56, y: 56, w: 288, h: 88, alt: (name) => `${name}, brillefronten` }],
  ['temple', { x: 70, y: 60, w: 276, h: 88, alt: (name) => `${name}, en brillestang set fra siden` }],
]);

export function renderFramePartSvg(article: Article, part: FramePart): string {
  const look = frameLook(article);
  const box = PART_BOX.get(part)!;
  const body = part === 'front' ? frontDrawing(look) : templeDrawing(look);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${box.w * 2}" height="${box.h * 2}" viewBox="${box.x} ${box.y} ${box.w} ${box.h}" role="img"><title>${escapeXml(box.alt(article.name))}</title>${look.defs}${body}</svg>`;
}

export function renderArticleSvg(article: Article, imageIndex: number, size: MediaSize): string {
  const width = mediaWidths[size];
  const height = Math.round(width / 2);
  const alt = article.medias[imageIndex]?.alt ?? article.name;
  const body = isFrame(article) ? frame(article, imageIndex) : packageDrawing(article, imageIndex);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 200" role="img"><title>${escapeXml(alt)}</title>${BACKGROUND}${body}</svg>`;
}
