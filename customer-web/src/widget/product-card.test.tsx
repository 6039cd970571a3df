import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDisplay } from '@optik/shared';
import { ProductCard } from './product-card';
import { product, renderWidget } from './test-utils';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Prices keep their no-break space; the default text normalizer would turn it into a plain space. */
const exact = { normalizer: (s: string) => s };

const display = (over: Partial<ProductDisplay> = {}): ProductDisplay => {
  const { polarized: _polarized, ...d } = product(7, over);
  return d;
};

describe('ProductCard', () => {
  it('shows image, brand, title, the tagline joined with " | " and Danish prices', () => {
    renderWidget(<ProductCard display={display({ title: 'Wayfarer', sub_heading_1: 'Ray-Ban', sub_heading_2: 'Solbriller', original_price: 1499, sale_price: 1234 })} />);
    const link = screen.getByRole('link', { name: 'Ray-Ban Wayfarer' });
    expect(link.getAttribute('href')).toBe('/produkt/model-7');
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/media/articles/p7/0/md.svg');
    expect(screen.getByText('Ray-Ban | Solbriller')).toBeDefined();
    // Sale and original price, formatted like the rest of the shop: '1.234,00 kr.' (no-break space).
    expect(screen.getByText('1.234,00\u00A0kr.', exact).tagName).toBe('STRONG');
    expect(screen.getByText('1.499,00\u00A0kr.', exact).tagName).toBe('S');
    expect(screen.getByText('Nu')).toBeDefined();
  });

  it('shows one price when there is no sale', () => {
    renderWidget(<ProductCard display={display({ original_price: 899, sale_price: 899 })} />);
    expect(screen.getByText('899,00\u00A0kr.', exact)).toBeDefined();
    expect(screen.queryByText('Før')).toBeNull();
  });

  it('a click stores the attribution for the product page and sends a click event', () => {
    const { client } = renderWidget(<ProductCard display={display({ search_result_id: 'req:3' })} />);
    const link = screen.getByRole('link');
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    expect(sessionStorage.getItem('depict_attribution_p7')).toBe('req:3');
    expect(client.createEvents).toHaveBeenCalledWith({
      tenant: 'profil-optik',
      market: 'dk',
      events: [expect.objectContaining({ event_type: 'click', product_id: 'p7', search_result_id: 'req:3', session_id: expect.any(String), dsid: expect.any(String) })],
    });
  });

  it("a broken card shows the SPEC §8 fallback and leaves its neighbours alone", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // An object where text belongs makes React throw while rendering the card.
    const broken = display({ brand: { not: 'text' } as unknown as string });
    renderWidget(
      <ul>
        <li>
          <ProductCard display={broken} />
        </li>
        <li>
          <ProductCard display={display({ product_id: 'ok', title: 'Hel' })} />
        </li>
      </ul>,
    );
    expect(screen.getByText('Uncaught error in product card template')).toBeDefined();
    expect(screen.getByRole('link', { name: /Hel/ })).toBeDefined();
  });
});
