import { lazy, Suspense } from 'react';
import type { RecommendationStripProps } from './recommendation-props';
import { useWidget } from './provider';

export type { RecommendationStripProps };

const Strip = lazy(() => import('./recommendation-strip').then((m) => ({ default: m.Strip })));

/**
 * A horizontal strip of recommended products. SPEC §6: nothing is requested (and nothing
 * shown) without the visitor's consent; an empty answer shows nothing either. The strip's code
 * (product cards, prices, visibility tracking) loads only with that consent, so a first visit
 * that has not decided yet does not download it.
 */
export function RecommendationStrip(props: RecommendationStripProps) {
  const { consent } = useWidget();
  return consent ? (
    <Suspense fallback={null}>
      <Strip {...props} />
    </Suspense>
  ) : null;
}
