/**
 * The frame parts the API draws for the 3D view and the try-on (api images/svg.ts, `PART_BOX`):
 * the front (lenses, bridge, hinge stubs) and one temple seen from the side, on a transparent
 * background, both at one scale and one height.
 */
export type FramePart = 'front' | 'temple';

export const framePartUrl = (articleId: string, part: FramePart) => `/media/articles/${encodeURIComponent(articleId)}/parts/${part}.svg`;

/** The front's box is 288 × 88 drawing units, with the hinges 6 units in from each side. */
export const FRONT_ASPECT = 288 / 88;
