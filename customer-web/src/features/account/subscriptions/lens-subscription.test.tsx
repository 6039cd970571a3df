import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDkk, subscriptionMessages, type Subscription } from '@optik/shared';
import { LensSubscriptionView } from './lens-subscription';
import { st } from './messages';
import { activeSub, fail, fakeApi, ok } from './test-data';

afterEach(cleanup);

const PATH = '/api/subscriptions/lens/ls-1';
const TODAY = '2026-11-22';

function renderPage(sub: Subscription = activeSub, posts: Parameters<typeof fakeApi>[1] = {}) {
  const api = fakeApi({ [PATH]: ok({ data: sub }) }, posts);
  render(<LensSubscriptionView api={api} id="ls-1" today={TODAY} />);
  return api;
}

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;

describe('lens subscription page', () => {
  it('shows the SPEC §3 fields in Danish: status, dates, interval, monthly price, payment', async () => {
    renderPage();
    expect(await screen.findByText('Linseabonnement – endagslinser')).toBeDefined();
    expect(fact(st.status)).toBe('Aktiv');
    expect(fact(st.startDate)).toBe('14. august 2026');
    expect(fact(st.binding)).toBe(st.noBinding);
    expect(fact(st.nextDelivery)).toBe('14. februar 2027');
    expect(fact(st.noticeDay)).toBe('13. februar 2027');
    expect(fact(st.interval)).toBe('Hver 3. måned');
    expect(fact(st.monthlyPrice)).toBe(`${formatDkk(33_200)} (${st.perDelivery(formatDkk(99_600))})`);
    expect(fact(st.lastOrder)).toBe('14. november 2026 (ordre O2600042)');
    expect(fact(st.paymentMethod)).toBe('Kort •••• 1111');
    const row = screen.getByRole('row', { name: /Dailies Total 1/ });
    expect(within(row).getByText('Styrke -2,25, Basekurve 8,6, Diameter 14,2')).toBeDefined();
    expect(screen.getByRole('link', { name: st.addProduct }).getAttribute('href')).toBe('/min-konto/abonnement/linse/ls-1/nyt-produkt');
    expect(screen.getByRole('link', { name: st.changePayment }).getAttribute('href')).toBe('/min-konto/abonnement/linse/ls-1/opdater-betaling');
  });

  it('pauses only after confirmation; "Fortryd" changes nothing; the result is announced and focused', async () => {
    const paused = { ...activeSub, statusCode: 520 as const, pausedAt: '2026-11-22T10:00:00.000Z' };
    const api = renderPage(activeSub, { [`${PATH}/pause`]: [ok({ data: paused })] });
    fireEvent.click(await screen.findByRole('button', { name: st.pause }));
    let dialog = screen.getByRole('dialog', { name: st.pauseConfirmTitle });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: st.keep }));
    fireEvent.click(within(dialog).getByRole('button', { name: st.keep }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: st.pause }));
    dialog = screen.getByRole('dialog', { name: st.pauseConfirmTitle });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: st.pause }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: st.pauseConfirm }));
    const status = await screen.findByText(st.paused);
    expect(status.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(api.post).toHaveBeenCalledWith(expect.anything(), `${PATH}/pause`);
    expect(fact(st.status)).toBe('Sat på pause');
    expect(fact(st.nextDelivery)).toBe(st.noDeliveryPaused);
    expect(screen.queryByRole('button', { name: st.pause })).toBeNull();
    expect(screen.getByRole('button', { name: st.reactivate })).toBeDefined();
  });

  it('reactivates a paused subscription without a dialog and tells the next delivery', async () => {
    const paused = { ...activeSub, statusCode: 520 as const, pausedAt: '2026-10-20T08:00:00.000Z' };
    renderPage(paused, { [`${PATH}/reactivate`]: [ok({ data: { ...activeSub, nextDelivery: '2026-11-23' } })] });
    expect(await screen.findByText(st.pausedSince('20. oktober 2026'))).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: st.reactivate }));
    expect(await screen.findByText(st.reactivated('23. november 2026'))).toBeDefined();
    expect(screen.getByRole('button', { name: st.pause })).toBeDefined();
  });

  it('cancels after confirmation; then reactivation and changes are no longer offered', async () => {
    const cancelled = { ...activeSub, statusCode: 200 as const, nextDelivery: null, noticeDayDate: null, cancelledAt: '2026-11-22T10:00:00.000Z' };
    renderPage(activeSub, { [`${PATH}/cancel`]: [ok({ data: cancelled })] });
    fireEvent.click(await screen.findByRole('button', { name: st.cancel }));
    const dialog = screen.getByRole('dialog', { name: st.cancelConfirmTitle });
    expect(within(dialog).getByText(st.cancelConfirmBody)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: st.cancelConfirm }));
    expect(await screen.findByText(st.cancelled)).toBeDefined();
    expect(fact(st.status)).toBe('Opsagt');
    expect(screen.getByText(st.cancelledOn('22. november 2026'), { exact: false })).toBeDefined();
    for (const name of [st.reactivate, st.pause, st.cancel, st.changeInterval, st.saveTemporary]) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: st.addProduct })).toBeNull();
  });

  it('shows a refusal from the API as an alert', async () => {
    renderPage(activeSub, { [`${PATH}/cancel`]: [fail(409, { code: 'conflict', message: subscriptionMessages.bound('2027-01-31') })] });
    fireEvent.click(await screen.findByRole('button', { name: st.cancel }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: st.cancelConfirm }));
    const alert = await screen.findByText(subscriptionMessages.bound('2027-01-31'));
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(fact(st.status)).toBe('Aktiv');
  });

  it('changes the interval and announces the new next delivery', async () => {
    const api = renderPage(activeSub, { [`${PATH}/interval`]: [ok({ data: { ...activeSub, deliveryInterval: 'm1', nextDelivery: '2026-12-14' } })] });
    const select = await screen.findByLabelText(st.intervalLabel);
    const button = screen.getByRole('button', { name: st.changeInterval });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(select, { target: { value: 'm1' } });
    fireEvent.click(button);
    expect(await screen.findByText(st.intervalChanged('Hver måned', '14. december 2026'))).toBeDefined();
    expect(api.post).toHaveBeenCalledWith(expect.anything(), `${PATH}/interval`, { deliveryInterval: 'm1' });
    expect(fact(st.interval)).toBe('Hver måned');
  });

  it('checks a temporary address before sending, keeps what was typed, fills the city, and shows the saved window', async () => {
    const saved = { ...activeSub, temporaryAddress: { street: 'Strandvejen 3', zip: '9990', city: 'Skagen', from: '2026-12-01', to: '2027-01-15' } };
    const api = renderPage(activeSub, { [`${PATH}/temporary-address`]: [fail(400, { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { street: 'Adressen er ikke korrekt.' } }), ok({ data: saved })] });
    const street = await screen.findByLabelText(st.street);
    fireEvent.change(street, { target: { value: 'Strandvejen 3' } });
    fireEvent.change(screen.getByLabelText(st.zip), { target: { value: '9990' } });
    expect((screen.getByLabelText(st.city) as HTMLInputElement).value).toBe('Skagen');
    fireEvent.change(screen.getByLabelText(st.from), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(st.to), { target: { value: '2027-01-15' } });
    fireEvent.click(screen.getByRole('button', { name: st.saveTemporary }));
    expect(await screen.findByText(subscriptionMessages.fromInPast)).toBeDefined();
    expect(screen.getByLabelText(st.from).getAttribute('aria-invalid')).toBe('true');
    expect(api.post).not.toHaveBeenCalled();
    expect((street as HTMLInputElement).value).toBe('Strandvejen 3');

    fireEvent.change(screen.getByLabelText(st.from), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: st.saveTemporary }));
    expect(await screen.findByText('Adressen er ikke korrekt.')).toBeDefined();
    expect((street as HTMLInputElement).value).toBe('Strandvejen 3');

    fireEvent.click(screen.getByRole('button', { name: st.saveTemporary }));
    expect(await screen.findByText(st.temporarySaved)).toBeDefined();
    expect(api.post).toHaveBeenLastCalledWith(expect.anything(), `${PATH}/temporary-address`, { street: 'Strandvejen 3', zip: '9990', city: 'Skagen', from: '2026-12-01', to: '2027-01-15' });
    expect(fact(st.temporaryHeading)).toBe(`Strandvejen 3, 9990 Skagen${st.temporaryCurrent('1. december 2026', '15. januar 2027')}`);
    expect(screen.getByRole('button', { name: st.removeTemporary })).toBeDefined();
  });

  it('says so when the subscription does not exist (or is another customer’s)', async () => {
    render(<LensSubscriptionView api={fakeApi({})} id="ls-1" today={TODAY} />);
    expect(await screen.findByText(st.notFound)).toBeDefined();
    expect(screen.getByRole('link', { name: st.backToList }).getAttribute('href')).toBe('/min-konto/abonnement');
  });
});
