import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentFailureMessages, type PaymentMethod } from '@optik/shared';
import { PaymentFields } from './payment-fields';
import { checkPayment } from './payment-check';
import { initialPayment, paymentDetails, paymentErrorsFrom, paymentFieldOf, type PaymentErrors } from './payment-state';
import { usePaymentForm, type PaymentForm } from './use-payment';

afterEach(cleanup);

function Harness({ methods, errors }: { methods?: readonly PaymentMethod[]; errors?: PaymentErrors }) {
  const form = usePaymentForm('p');
  return (
    <form>
      <PaymentFields form={form} methods={methods} />
      <button type="button" onClick={() => form.setErrors(errors ?? checkPayment(form.state))}>
        Tjek
      </button>
    </form>
  );
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the payment form (one for checkout, pay-by-link, invoices and subscriptions)', () => {
  it('offers the methods it is given; one method shows no choice', () => {
    render(<Harness methods={['card', 'mobilepay']} />);
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Betalingskort', 'MobilePay']);
    fireEvent.click(screen.getByRole('radio', { name: 'MobilePay' }));
    expect(screen.getByLabelText('Mobilnummer')).toBeDefined();
    expect(screen.queryByLabelText('Kortnummer')).toBeNull();
    cleanup();
    render(<Harness methods={['card']} />);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByLabelText('Kortnummer').getAttribute('autocomplete')).toBe('cc-number');
  });

  it('an error goes as soon as the field is fixed ("12/28"); a still wrong value keeps it while typing and a blur updates it', async () => {
    render(<Harness />);
    type('Kortnummer', '4111 1111 1111 1111');
    type('Udløbsdato (MM/ÅÅ)', '13/28');
    type('Kontrolcifre (CVC)', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Tjek' }));
    const expiry = screen.getByLabelText('Udløbsdato (MM/ÅÅ)');
    expect(screen.getByText('Skriv udløbsdatoen som MM/ÅÅ.')).toBeDefined();
    expect(screen.getByText('Kontrolcifrene er 3 cifre.')).toBeDefined();

    type('Udløbsdato (MM/ÅÅ)', '12/2');
    fireEvent.blur(expiry);
    type('Kontrolcifre (CVC)', '123');
    await waitFor(() => expect(screen.queryByText('Kontrolcifrene er 3 cifre.')).toBeNull());
    expect(expiry.getAttribute('aria-invalid')).toBe('true');

    type('Udløbsdato (MM/ÅÅ)', '12/28');
    await waitFor(() => expect(screen.queryByText('Skriv udløbsdatoen som MM/ÅÅ.')).toBeNull());
    expect(expiry.getAttribute('aria-invalid')).toBeNull();
  });

  it('a blur gives a still wrong field the message for what is there now', async () => {
    render(<Harness errors={{ cardNumber: 'Skal udfyldes.' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tjek' }));
    type('Kortnummer', '4111 1111 1111 1112');
    fireEvent.blur(screen.getByLabelText('Kortnummer'));
    expect(await screen.findByText('Kortnummeret er ikke gyldigt. Tjek cifrene.')).toBeDefined();
    expect(screen.queryByText('Skal udfyldes.')).toBeNull();
  });

  it('answers the SPEC §3 results: 0 said once, 1 Klarna’s CPR field, 2 the approval, 99 empty fields', () => {
    const { result } = renderHook(() => usePaymentForm('p'));
    act(() => result.current.change({ ...initialPayment, values: { ...initialPayment.values, cardNumber: '4000 0000 0000 0002' } }));
    let step!: ReturnType<PaymentForm['failed']>;
    act(() => void (step = result.current.failed(0, paymentFailureMessages[0])));
    expect(step).toEqual({ message: paymentFailureMessages[0], focusId: null });
    expect(result.current.state.values.cardNumber).toBe('4000 0000 0000 0002');
    act(() => void (step = result.current.failed(1, paymentFailureMessages[1])));
    expect(step.focusId).toBe('p-ssn');
    expect(result.current.state).toMatchObject({ method: 'klarna', needsSsn: true });
    act(() => void (step = result.current.failed(2, paymentFailureMessages[2])));
    expect(result.current.state).toMatchObject({ needsApproval: true, approved: false });
    const before = result.current.restarts;
    act(() => void (step = result.current.failed(99, paymentFailureMessages[99])));
    expect(step.message).toBe(`${paymentFailureMessages[99]} Udfyld betalingsoplysningerne igen.`);
    expect(result.current.state).toEqual(initialPayment);
    expect(result.current.restarts).toBe(before + 1);
  });

  it('reads error paths of every payment request', () => {
    expect(['payment.cvc', 'card.cvc', 'cvc', 'payment', 'payment.method', 'method', 'contact.email', 'giftCards'].map(paymentFieldOf)).toEqual(['cvc', 'cvc', 'cvc', 'method', 'method', 'method', null, null]);
    expect(paymentErrorsFrom([['payment.cvc', 'a'], ['cvc', 'b'], ['x', 'c']])).toEqual({ cvc: 'a' });
  });

  it('sends only the chosen method’s details, and validated only once approved', () => {
    const values = { cardNumber: '4111', expiry: '12/28', cvc: '123', phone: '20304050', ssn: '070761-4285' };
    expect(paymentDetails({ ...initialPayment, values })).toEqual({ method: 'card', cardNumber: '4111', expiry: '12/28', cvc: '123' });
    expect(paymentDetails({ ...initialPayment, values, needsApproval: true, approved: true })).toMatchObject({ validated: true });
    expect(paymentDetails({ ...initialPayment, values, method: 'mobilepay' })).toEqual({ method: 'mobilepay', phone: '20304050' });
    expect(paymentDetails({ ...initialPayment, values, method: 'klarna' })).toEqual({ method: 'klarna' });
    expect(paymentDetails({ ...initialPayment, values, method: 'klarna', needsSsn: true })).toEqual({ method: 'klarna', ssn: '070761-4285' });
  });
});
