import { Component, useCallback, type ErrorInfo, type ReactNode } from 'react';
import { formatPriceText, type PriceFormatting } from '@optik/shared/widget';
import type { ProductDisplay } from '@optik/shared';
import { t } from '../messages';
import { useWidget } from './provider';

/**
 * SPEC §9: DKK shown as 'kr.' with comma decimals and two digits. The shared formatter's
 * Danish widget default groups thousands with a no-break space; the shop writes prices like
 * its own formatDkk ('1.234,00 kr.', no-break space before 'kr.'), so cards match the rest of it.
 */
export const SHOP_PRICE_FORMATTING: Partial<PriceFormatting> = { thousands_delimiter: '.', post_text: '\u00A0kr.' };

export const formatShopPrice = (price: number) => formatPriceText(price, SHOP_PRICE_FORMATTING, (w) => console.warn('Widget-pris:', w));

export const ATTRIBUTION_PREFIX = 'depict_attribution_';

/** A click on a product: attribution for the product page to pick up, and a click event (as a beacon, since the page unloads). */
export function useProductClick() {
  const { track } = useWidget();
  return useCallback(
    (d: ProductDisplay) => {
      const attribution = d.recommendation_id ?? d.search_result_id;
      if (attribution) {
        try {
          sessionStorage.setItem(ATTRIBUTION_PREFIX + d.product_id, attribution);
        } catch {
          // storage blocked: the click is still tracked
        }
      }
      track(
        [
          {
            event_type: 'click',
            product_id: d.product_id,
            ...(d.recommendation_id ? { recommendation_id: d.recommendation_id } : {}),
            ...(d.search_result_id ? { search_result_id: d.search_result_id } : {}),
          },
        ],
        { beacon: true },
      );
    },
    [track],
  );
}

function Price({ display }: { display: ProductDisplay }) {
  // SPEC §3: the sale price counts when it is above zero and below the original.
  const onSale = display.sale_price > 0 && display.sale_price < display.original_price;
  if (onSale) {
    return (
      <p className="product-price">
        <span className="visually-hidden">{t.widget.priceNow} </span>
        <strong className="sale">{formatShopPrice(display.sale_price)}</strong>{' '}
        <span className="visually-hidden">{t.widget.priceBefore} </span>
        <s>{formatShopPrice(display.original_price)}</s>
      </p>
    );
  }
  const price = display.sale_price > 0 ? display.sale_price : display.original_price;
  return (
    <p className="product-price">
      <strong>{formatShopPrice(price)}</strong>
    </p>
  );
}

function CardBody({ display, onOpen }: { display: ProductDisplay; onOpen?: (d: ProductDisplay) => void }) {
  const click = useProductClick();
  const image = display.image_url ?? display.image_urls?.[0];
  const tagline = [display.sub_heading_1, display.sub_heading_2].filter((s) => s && s.trim()).join(' | ');
  return (
    <article className="product-card">
      <a
        className="product-link"
        href={display.localized_page_url ?? display.page_url}
        onClick={() => {
          onOpen?.(display);
          click(display);
        }}
      >
        <span className="product-image">{image ? <img src={image} alt="" loading="lazy" decoding="async" width={285} height={285} /> : null}</span>
        {display.brand ? <span className="product-brand">{display.brand}</span> : null}{' '}
        <span className="product-title">{display.title}</span>
      </a>
      {tagline ? <p className="product-tagline">{tagline}</p> : null}
      <Price display={display} />
    </article>
  );
}

/** A product card of the widget, in its own error boundary: one broken display never takes the grid down. */
export function ProductCard({ display, onOpen }: { display: ProductDisplay; onOpen?: (d: ProductDisplay) => void }) {
  return (
    <ProductCardBoundary>
      <CardBody display={display} onOpen={onOpen} />
    </ProductCardBoundary>
  );
}

export class ProductCardBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(t.widget.cardFailed, error, info.componentStack);
  }
  override render() {
    if (this.state.failed) {
      return (
        <div className="product-card failed" lang="en">
          {t.widget.cardFailed}
        </div>
      );
    }
    return this.props.children;
  }
}
