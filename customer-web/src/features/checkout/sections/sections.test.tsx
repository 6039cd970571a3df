import { cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDkk, type CheckoutQuote, type DeliveryOption } from '@optik/shared';
import { usePaymentForm } from '../../payment/use-payment';
import { initialCheckout } from '../checkout-reducer';
import { AddressSection, ContactSection } from './contact-section';
import { DeliverySection } from './delivery-section';
import { PaymentSection } from './payment-section';
import { SummarySection } from './summary-section';

afterEach(cleanup);

const quote: CheckoutQuote = {
  lines: [{ skuId: 'sku-1', description: 'Ray-Ban Aviator, Guld', quantity: 1, unitPrice: 60_000, lineTotal: 60_000, subscriptionInterval: null }],
  goods: 60_000,
  discount: 0,
  discountCode: null,
  friendsDiscount: 0,
  shipping: 0,
  total: 60_000,
  vat: 12_000,
  giftCardCover: 0,
  toPay: 60_000,
  pricesChanged: false,
};
const OPTIONS: DeliveryOption[] = [
  { id: 101, title: 'Levering til døren', description: 'PostNord', price: 4_900, freeFrom: 49_900, needs: 'address' },
  { id: 112, title: 'Ekspreslevering', description: 'Næste hverdag', price: 9_900, freeFrom: null, needs: 'address' },
];

describe('checkout sections', () => {
  it('contact: each field dispatches its change, reports the edit for a recheck, and shows its error', () => {
    const dispatch = vi.fn();
    const onEdited = vi.fn();
    render(<ContactSection idPrefix="c" contact={initialCheckout.contact} errors={{ 'contact.email': 'E-mail skal indeholde @ og et domæne.' }} dispatch={dispatch} onEdited={onEdited} />);
    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('autocomplete')).toBe('email');
    fireEvent.change(email, { target: { value: 'karen@example.dk' } });
    expect(dispatch).toHaveBeenCalledWith({ type: 'contact', field: 'email', value: 'karen@example.dk' });
    expect(onEdited).toHaveBeenLastCalledWith('contact.email', false);
    fireEvent.blur(email);
    expect(onEdited).toHaveBeenLastCalledWith('contact.email', true);
    expect(screen.getByRole('group', { name: 'Kontaktoplysninger' })).toBeDefined();
  });

  it('address: the postcode goes to the page (city lookup), the street to the reducer', () => {
    const dispatch = vi.fn();
    const onZipChange = vi.fn();
    render(<AddressSection idPrefix="a" address={{ zip: '', city: '', street: '' }} errors={{}} dispatch={dispatch} onEdited={vi.fn()} onZipChange={onZipChange} onZipBlur={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/^Postnummer/), { target: { value: '8000' } });
    expect(onZipChange).toHaveBeenCalledWith('8000');
    fireEvent.change(screen.getByLabelText('Gade og husnummer'), { target: { value: 'Søndergade 12' } });
    expect(dispatch).toHaveBeenCalledWith({ type: 'address', field: 'street', value: 'Søndergade 12' });
  });

  it('delivery: prices for this order ("Gratis" over the threshold), the choice, and its error', () => {
    const onChoose = vi.fn();
    const api = { collectionPoints: vi.fn(), getStores: vi.fn() };
    render(
      <DeliverySection
        api={api}
        idPrefix="d"
        state={{ ...initialCheckout, options: { state: 'ready', data: OPTIONS } }}
        quote={quote}
        pointsKey={null}
        errors={{ deliveryMethodId: 'Vælg en leveringsmetode.' }}
        dispatch={vi.fn()}
        onChoose={onChoose}
      />,
    );
    const group = screen.getByRole('group', { name: 'Levering' });
    expect(within(group).getByRole('radio', { name: /Levering til døren/ }).closest('label')!.textContent).toContain('Gratis');
    expect(within(group).getByRole('radio', { name: /Ekspreslevering/ }).closest('label')!.textContent).toContain(formatDkk(9_900));
    expect(group.getAttribute('aria-describedby')).toBe('d-delivery-error');
    fireEvent.click(within(group).getByRole('radio', { name: /Ekspreslevering/ }));
    expect(onChoose).toHaveBeenCalledWith(OPTIONS[1]);
  });

  it('payment: the payment form while something is left to pay; nothing to fill when gift cards cover it', () => {
    const { result } = renderHook(() => usePaymentForm('p'));
    const props = { idPrefix: 's', choices: { giftCards: [] }, discountInput: '', gift: { number: '', pin: '' }, applying: false, errors: {}, payment: result.current, dispatch: vi.fn(), onApplyDiscount: vi.fn(), onApplyGiftCard: vi.fn(), onRequote: vi.fn() };
    const { rerender } = render(<PaymentSection {...props} quote={quote} />);
    expect(screen.getByRole('group', { name: 'Betalingsmåde' })).toBeDefined();
    fireEvent.keyDown(screen.getByLabelText('Rabatkode'), { key: 'Enter' });
    expect(props.onApplyDiscount).toHaveBeenCalled();
    rerender(<PaymentSection {...props} quote={{ ...quote, giftCardCover: 60_000, toPay: 0 }} choices={{ giftCards: [{ number: '6001100000000001', pin: '1234' }] }} />);
    expect(screen.queryByLabelText('Kortnummer')).toBeNull();
    expect(screen.getByText('Gavekortene dækker hele beløbet – du skal ikke betale mere.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Fjern gavekortet, der slutter på 0001' }));
    expect(props.onRequote).toHaveBeenCalledWith({ giftCards: [] });
  });

  it('summary: the lines and amounts of the quote, shipping "Vælg levering" until chosen, and what is left to pay announced', () => {
    render(<SummarySection quote={{ state: 'ready', data: { ...quote, giftCardCover: 10_000, toPay: 50_000 } }} shippingChosen={false} />);
    const region = screen.getByRole('region', { name: 'Din ordre' });
    expect(within(region).getByText('Ray-Ban Aviator, Guld')).toBeDefined();
    expect(within(region).getByText('Fragt').nextElementSibling!.textContent).toBe('Vælg levering');
    expect(within(region).getByText('Gavekort').nextElementSibling!.textContent).toBe(`−${formatDkk(10_000)}`);
    expect(within(region).getByRole('status').textContent).toBe(`Beløb at betale: ${formatDkk(50_000)}`);
  });
});
