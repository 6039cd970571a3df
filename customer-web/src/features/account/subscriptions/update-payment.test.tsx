import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentFailureMessages } from '@optik/shared';
import { st } from './messages';
import { activeSub, fakeApi, ok } from './test-data';
import { UpdatePaymentView } from './update-payment';

afterEach(cleanup);

const SUB = '/api/subscriptions/lens/ls-1';
const PAY = `${SUB}/payment-method`;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const cancelled = (failureResult: 0 | 2 | 99) => ok({ outcome: 'update-cancelled', failureResult, message: paymentFailureMessages[failureResult] });

describe('update payment method (/opdater-betaling)', () => {
  it('checks the card before sending and keeps what was typed', async () => {
    const api = fakeApi({ [SUB]: ok({ data: activeSub }) });
    render(<UpdatePaymentView api={api} id="ls-1" />);
    expect(await screen.findByText('Kort •••• 1111')).toBeDefined();
    type('Kortnummer', '4111 1111 1111 1112');
    type('Udløbsdato (MM/ÅÅ)', '13/29');
    fireEvent.click(screen.getByRole('button', { name: st.savePayment }));
    expect(await screen.findByText('Kortnummeret er ikke gyldigt. Tjek cifrene.')).toBeDefined();
    expect(screen.getByText('Skriv udløbsdatoen som MM/ÅÅ.')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Kortnummer')));
    expect((screen.getByLabelText('Kortnummer') as HTMLInputElement).value).toBe('4111 1111 1111 1112');
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows "update cancelled" with the reason, asks for the bank approval (result 2), and then "updated"', async () => {
    const updated = { ...activeSub, paymentAgreement: { ...activeSub.paymentAgreement!, label: 'Kort •••• 3220' } };
    const api = fakeApi({ [SUB]: ok({ data: activeSub }) }, { [PAY]: [cancelled(2), ok({ outcome: 'updated', data: updated })] });
    render(<UpdatePaymentView api={api} id="ls-1" />);
    await screen.findByLabelText('Kortnummer');
    type('Kortnummer', '4000 0000 0000 3220');
    type('Udløbsdato (MM/ÅÅ)', '12/29');
    type('Kontrolcifre (CVC)', '123');
    fireEvent.click(screen.getByRole('button', { name: st.savePayment }));
    const refused = await screen.findByText(st.updateCancelled(paymentFailureMessages[2]));
    expect(refused.closest('[role="alert"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Jeg har godkendt betalingen i min bank-app' }));
    fireEvent.click(screen.getByRole('button', { name: st.savePayment }));
    const done = await screen.findByText(st.updated('Kort •••• 3220'));
    expect(done.closest('[role="status"]')).not.toBeNull();
    expect(api.post).toHaveBeenLastCalledWith(expect.anything(), PAY, { method: 'card', cardNumber: '4000 0000 0000 3220', expiry: '12/29', cvc: '123', validated: true });
    expect(screen.getByText('Kort •••• 3220', { selector: 'dd' })).toBeDefined();
  });

  it('registers a MobilePay agreement', async () => {
    const updated = { ...activeSub, paymentAgreement: { method: 'mobilepay' as const, label: 'MobilePay •• •• 44 55', agreementId: 'a', expiry: null, registeredAt: '2026-11-22T10:00:00.000Z' } };
    const api = fakeApi({ [SUB]: ok({ data: activeSub }) }, { [PAY]: [ok({ outcome: 'updated', data: updated })] });
    render(<UpdatePaymentView api={api} id="ls-1" />);
    fireEvent.click(await screen.findByRole('radio', { name: 'MobilePay' }));
    type('Mobilnummer', '22 33 44 55');
    fireEvent.click(screen.getByRole('button', { name: st.savePayment }));
    expect(await screen.findByText(st.updated('MobilePay •• •• 44 55'))).toBeDefined();
    expect(api.post).toHaveBeenCalledWith(expect.anything(), PAY, { method: 'mobilepay', phone: '22 33 44 55' });
  });

  it('an error goes as soon as its field is fixed (issue 16 item 4)', async () => {
    const api = fakeApi({ [SUB]: ok({ data: activeSub }) });
    render(<UpdatePaymentView api={api} id="ls-1" />);
    await screen.findByLabelText('Kortnummer');
    type('Kortnummer', '4111 1111 1111 1111');
    type('Udløbsdato (MM/ÅÅ)', '13/29');
    type('Kontrolcifre (CVC)', '123');
    fireEvent.click(screen.getByRole('button', { name: st.savePayment }));
    expect(await screen.findByText('Skriv udløbsdatoen som MM/ÅÅ.')).toBeDefined();
    type('Udløbsdato (MM/ÅÅ)', '12/28');
    await waitFor(() => expect(screen.queryByText('Skriv udløbsdatoen som MM/ÅÅ.')).toBeNull());
    expect(screen.getByRole('group', { name: st.methodLegend })).toBeDefined();
    expect(screen.queryByRole('radio', { name: /Klarna/ })).toBeNull();
    expect(api.post).not.toHaveBeenCalled();
  });
});
