import { useState } from 'react';
import { mediaWidths, type Media, type MediaSize } from '@optik/shared';
import { pt } from './messages';

const SIZES = Object.keys(mediaWidths) as MediaSize[];

/** SPEC §9 widths: every size variant of one image as a `srcset` candidate. */
export function srcSetOf(media: Media): string {
  return SIZES.map((s) => `${media[s]} ${mediaWidths[s]}w`).join(', ');
}

/**
 * The main image fills the page column on phones and half of the layout (at most 36rem, ≈ 570 px)
 * from the SPEC §9 desktop breakpoint of 768 px.
 */
export const MAIN_IMAGE_SIZES = '(min-width: 768px) min(36rem, 50vw), calc(100vw - 2rem)';

export function Gallery({ medias }: { medias: readonly Media[] }) {
  const [index, setIndex] = useState(0);
  const current = medias[Math.min(index, medias.length - 1)];
  if (!current) return null;
  return (
    <section className="product-gallery" aria-label={pt.gallery}>
      <div className="product-gallery-main">
        <img src={current.lg} srcSet={srcSetOf(current)} sizes={MAIN_IMAGE_SIZES} alt={current.alt} width={mediaWidths.lg} height={mediaWidths.lg} decoding="async" />
      </div>
      {medias.length > 1 ? (
        <ul className="product-thumbs">
          {medias.map((m, i) => (
            <li key={`${m.xs}-${i}`}>
              <button
                type="button"
                className="product-thumb"
                aria-pressed={i === index}
                aria-label={pt.showImage(i + 1, medias.length, m.alt)}
                onClick={() => setIndex(i)}
              >
                <img src={m.sm} srcSet={`${m.xs} ${mediaWidths.xs}w, ${m.sm} ${mediaWidths.sm}w`} sizes="4.5rem" alt="" width={mediaWidths.xs} height={mediaWidths.xs} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
