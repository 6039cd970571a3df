import { useEffect, useId, useRef, useState } from 'react';
import {
  RECOMMENDATIONS_DEFAULT_LIMIT,
  VISIBILITY_MIN_MS,
  VISIBILITY_RATIO_COUNTED,
  VISIBILITY_RATIO_RESET,
  visibilityStep,
  type VisibilityState,
} from '@optik/shared/widget';
import type { ProductDisplay } from '@optik/shared';
import { t } from '../messages';
import { ProductCard } from './product-card';
import { useWidget } from './provider';
import type { RecommendationStripProps } from './recommendation-props';

/** The strip itself, loaded only once the visitor's consent allows recommendations (recommendations.tsx). */
export function Strip({ kind, type, productId, productIds, categoryId, limit = RECOMMENDATIONS_DEFAULT_LIMIT, title = t.widget.recommendations }: RecommendationStripProps) {
  const { client, requestContext, track, trackPageView } = useWidget();
  const headingId = useId();
  const key = JSON.stringify([kind, type, productId, productIds, categoryId, limit]);
  const [answer, setAnswer] = useState<{ key: string; displays: ProductDisplay[]; requestId: string } | null>(null);

  const request = useRef({ type, productId, productIds, categoryId, limit });
  useEffect(() => {
    request.current = { type, productId, productIds, categoryId, limit };
  });
  useEffect(() => {
    let live = true;
    const r = request.current;
    void client
      .recommend(kind, {
        ...requestContext,
        ...(r.type ? { type: r.type } : {}),
        ...(r.productId ? { product_id: r.productId } : {}),
        ...(r.productIds ? { product_ids: r.productIds } : {}),
        ...(r.categoryId ? { category_id: r.categoryId } : {}),
        limit: r.limit,
      })
      .then((res) => {
        if (live) setAnswer({ key, displays: res.displays, requestId: res.recommendation_request_id });
      });
    return () => {
      live = false;
    };
  }, [client, requestContext, kind, key]);

  // SPEC §4: on a product page, one page_view per product id per URL.
  useEffect(() => {
    if (productId) trackPageView(productId);
  }, [productId, trackPageView]);

  const current = answer?.key === key ? answer : null;
  useEffect(() => {
    if (!current || current.displays.length === 0) return;
    track([{ event_type: 'recommendations_inserted', product_ids: current.displays.map((d) => d.product_id), recommendation_id: current.requestId }]);
  }, [current, track]);

  if (!current || current.displays.length === 0) return null;
  return (
    <section className="recommendations" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul className="recommendation-list">
        {current.displays.map((d) => (
          <VisibleItem
            key={d.product_id}
            onVisible={() => track([{ event_type: 'element_visible', product_id: d.product_id, ...(d.recommendation_id ? { recommendation_id: d.recommendation_id } : {}) }], { batch: true })}
          >
            <ProductCard display={d} />
          </VisibleItem>
        ))}
      </ul>
    </section>
  );
}

/**
 * SPEC §9: an element counts as seen after 500 ms at a ratio of 0.6 or more; below 0.5 the
 * timer starts over. The shared step function decides; this only feeds it and keeps time.
 */
function VisibleItem({ onVisible, children }: { onVisible: () => void; children: React.ReactNode }) {
  const ref = useRef<HTMLLIElement>(null);
  const report = useRef(onVisible);
  useEffect(() => {
    report.current = onVisible;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    let state: VisibilityState = { visibleSince: null, counted: false };
    let ratio = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      clearTimeout(timer);
      state = visibilityStep(state, ratio, Date.now());
      if (state.counted) {
        observer.disconnect();
        report.current();
        return;
      }
      // Nothing else may happen while it sits still in view: check again when the time is up.
      if (state.visibleSince !== null) timer = setTimeout(step, Math.max(0, state.visibleSince + VISIBILITY_MIN_MS - Date.now()));
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) ratio = e.intersectionRatio;
        step();
      },
      { threshold: [0, VISIBILITY_RATIO_RESET, VISIBILITY_RATIO_COUNTED, 1] },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, []);
  return <li ref={ref}>{children}</li>;
}
