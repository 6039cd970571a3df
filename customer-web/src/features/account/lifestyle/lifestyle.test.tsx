import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDkk, lifestyleErrors, type LifestyleAgreementView, type LifestyleDocument } from '@optik/shared';
import { fail, fakeApi, ok } from '../subscriptions/test-data';
import { AgreementOverview, AgreementView } from './agreement-page';
import { CancelConfirmation, CancelFlow } from './cancel-page';
import { ConnectForm } from './connect-page';
import { DocumentText } from './documents-page';
import { lm } from './messages';
import { ExchangeForm, ReferralBox } from './perks-page';

afterEach(cleanup);

/** Testing Library reads the DOM's no-break spaces (in amounts) as plain spaces. */
const norm = (s: string) => s.replace(/\u00a0/g, ' ');

const agreement: LifestyleAgreementView = {
  id: 'la-1',
  agreementNumber: '40012345',
  customerId: 'u-kunde',
  connectedOn: '2026-02-20',
  status: 'Active',
  product: { articleId: 'a-1', name: 'Lindberg Spirit 2330', brand: 'Lindberg', lenses: 'progressive glas' },
  holder: { firstName: 'Mette', lastName: 'Jensen', street: 'Vesterbrogade 12', zip: '1620', city: 'København V' },
  monthlyPrice: 34_900,
  frameAllowance: 300_000,
  paymentMethod: 'invoice',
  storeName: 'Profil Optik København K',
  signedOn: '2026-02-20',
  startDate: '2026-03-01',
  noticeGivenOn: null,
  terminationDate: null,
  terminatedOn: null,
  winback: { offeredOn: null, acceptedOn: null, declinedOn: null },
  freeMonths: [],
  exchanges: [],
  referralCode: 'VEN-7K3P9Q',
  referredByCode: null,
  exchange: { available: true, yearFrom: '2026-03-01', yearTo: '2027-03-01', usedOn: null, nextAvailableOn: null },
  freeMonthsLeft: 0,
  nextInvoice: { date: '2026-12-01', amount: 34_900, gross: 34_900, free: null },
  winbackAvailable: true,
  cancellable: true,
};
const BASE = '/api/lifestyle/agreements/la-1';
const answer = (data: unknown) => ok({ service: 'ok', data });
const kept: LifestyleAgreementView = {
  ...agreement,
  winback: { offeredOn: '2026-11-22', acceptedOn: '2026-11-22', declinedOn: null },
  freeMonths: [{ reason: 'winback', months: 3, grantedOn: '2026-11-22' }],
  freeMonthsLeft: 3,
  nextInvoice: { date: '2026-12-01', amount: 0, gross: 34_900, free: 'winback' },
  winbackAvailable: false,
};
const noticed: LifestyleAgreementView = { ...agreement, noticeGivenOn: '2026-11-22', terminationDate: '2026-12-22', cancellable: false, winbackAvailable: false, exchange: { ...agreement.exchange, available: false } };

describe('the agreement page', () => {
  it('shows the agreement’s facts in Danish with the next invoice and the ways on', () => {
    render(<AgreementOverview agreement={agreement} />);
    const facts = screen.getByRole('region', { name: lm.facts });
    expect(within(facts).getByText('40012345')).toBeDefined();
    expect(within(facts).getByText('Aktiv')).toBeDefined();
    expect(within(facts).getByText(norm(formatDkk(34_900)))).toBeDefined();
    expect(within(facts).getByText(norm(`1. december 2026: ${formatDkk(34_900)}`))).toBeDefined();
    expect(within(facts).getByText(lm.exchangeAvailable('2027-03-01'))).toBeDefined();
    expect(screen.getByRole('link', { name: lm.cancelLink }).getAttribute('href')).toBe('/fortrodmig?aftale=la-1');
    expect(screen.getByRole('link', { name: lm.documentsLink }).getAttribute('href')).toBe('/min-konto/abonnement/briller/la-1/aftale');
  });

  it('says when a cancelled agreement ends and offers no second cancellation', () => {
    render(<AgreementOverview agreement={noticed} />);
    expect(screen.getByRole('status').textContent).toBe(lm.noticeGiven('2026-11-22', '2026-12-22'));
    expect(screen.getByText('Opsagt – ophører 22. december 2026')).toBeDefined();
    expect(screen.queryByRole('link', { name: lm.cancelLink })).toBeNull();
    expect(screen.getByText(lm.exchangeClosed)).toBeDefined();
  });

  it('shows the SPEC §8 maintenance message from the API with a retry', async () => {
    const api = fakeApi({ [BASE]: ok({ service: 'maintenance', message: lifestyleErrors.maintenance }) });
    render(<AgreementView api={api} id="la-1" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(lifestyleErrors.maintenance);
    fireEvent.click(within(alert).getByRole('button', { name: lm.maintenanceRetry }));
    await vi.waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
  });

  it('says an agreement that is not the customer’s was not found', async () => {
    const api = fakeApi({});
    render(<AgreementView api={api} id="la-9" />);
    expect((await screen.findByRole('alert')).textContent).toContain(lm.notFound);
  });
});

describe('cancellation with the winback offer (/fortrodmig)', () => {
  function renderFlow(posts: Parameters<typeof fakeApi>[1]) {
    const api = fakeApi({}, posts);
    const onNoticeGiven = vi.fn();
    render(<CancelFlow api={api} agreement={agreement} onNoticeGiven={onNoticeGiven} today="2026-11-22" />);
    return { api, onNoticeGiven };
  }
  const offer = ok({ data: { agreement: { ...agreement, winback: { ...agreement.winback, offeredOn: '2026-11-22' } }, winbackOffer: { freeMonths: 3, value: 104_700 }, terminationDate: '2026-12-22' } });

  it('explains the notice, shows the offer and keeps the agreement when it is accepted', async () => {
    const { api, onNoticeGiven } = renderFlow({ [`${BASE}/cancellation`]: [offer], [`${BASE}/cancellation/winback`]: [ok({ data: kept })] });
    expect(screen.getByText(lm.noticeIntro('2026-12-22'))).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: lm.continueCancel }));
    const heading = await screen.findByRole('heading', { name: lm.winbackHeading(3) });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(norm(lm.winbackText(3, 104_700)))).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: lm.acceptWinback }));
    expect(await screen.findByRole('heading', { name: lm.keptHeading })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe(lm.kept(3, '2026-12-01'));
    expect(screen.getByText('Du har 3 gratis måneder til gode. De trækkes fra dine næste fakturaer.')).toBeDefined();
    expect(api.post).toHaveBeenCalledTimes(2);
    expect(onNoticeGiven).not.toHaveBeenCalled();
  });

  it('gives notice when the offer is declined', async () => {
    const { api, onNoticeGiven } = renderFlow({ [`${BASE}/cancellation`]: [offer], [`${BASE}/cancellation/confirm`]: [ok({ data: noticed })] });
    fireEvent.click(screen.getByRole('button', { name: lm.continueCancel }));
    fireEvent.click(await screen.findByRole('button', { name: lm.declineWinback }));
    await vi.waitFor(() => expect(onNoticeGiven).toHaveBeenCalledWith('la-1'));
    expect(api.post).toHaveBeenLastCalledWith(expect.anything(), `${BASE}/cancellation/confirm`);
  });

  it('asks for a plain confirmation once the offer has been used', async () => {
    const { onNoticeGiven } = renderFlow({
      [`${BASE}/cancellation`]: [ok({ data: { agreement: kept, winbackOffer: null, terminationDate: '2026-12-22' } })],
      [`${BASE}/cancellation/confirm`]: [ok({ data: noticed })],
    });
    fireEvent.click(screen.getByRole('button', { name: lm.continueCancel }));
    expect(await screen.findByRole('heading', { name: lm.confirmHeading })).toBeDefined();
    expect(screen.queryByRole('button', { name: lm.acceptWinback })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: lm.confirmCancel }));
    await vi.waitFor(() => expect(onNoticeGiven).toHaveBeenCalled());
  });

  it('shows the API’s refusal and stays on the step', async () => {
    renderFlow({ [`${BASE}/cancellation`]: [fail(409, { code: 'conflict', message: 'Aftalen er allerede opsagt og ophører den 22. december 2026.' })] });
    fireEvent.click(screen.getByRole('button', { name: lm.continueCancel }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Aftalen er allerede opsagt og ophører den 22. december 2026.');
    await vi.waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('button', { name: lm.continueCancel })).toBeDefined();
  });

  it('confirms the notice with its end date and links the confirmation document', async () => {
    const doc = { id: 'lsd-9', agreementId: 'la-1', kind: 'notice', title: 'Bekræftelse af opsigelse', createdOn: '2026-11-22' };
    const api = fakeApi({ [BASE]: answer(noticed), [`${BASE}/documents`]: answer([doc]) });
    render(<CancelConfirmation api={api} agreementId="la-1" />);
    expect(await screen.findByText(lm.confirmationLead('40012345', '2026-11-22'))).toBeDefined();
    expect(screen.getByText(lm.confirmationEnds('2026-12-22'))).toBeDefined();
    expect((await screen.findByRole('link', { name: lm.noticeDocument })).getAttribute('href')).toBe('/min-konto/abonnement/briller/la-1/aftale/lsd-9');
  });
});

describe('connecting an agreement (/forbind-til-lifestyle)', () => {
  const CONNECT = '/api/lifestyle/connect';
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('checks the fields before sending and moves focus to the first error', async () => {
    const api = fakeApi({});
    render(<ConnectForm api={api} />);
    type(lm.connectFieldBirthDate, '3102');
    fireEvent.click(screen.getByRole('button', { name: lm.connectSubmit }));
    const number = screen.getByLabelText(lm.connectFieldAgreement);
    await vi.waitFor(() => expect(document.activeElement).toBe(number));
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Fødselsdatoen skal skrives som DDMMÅÅ.')).toBeDefined();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('shows SPEC §8’s message on a mismatch and keeps what was typed', async () => {
    const api = fakeApi({}, { [CONNECT]: [fail(422, { code: 'unprocessable', message: lifestyleErrors.connectionFailed })] });
    render(<ConnectForm api={api} />);
    type(lm.connectFieldAgreement, '40012347');
    type(lm.connectFieldBirthDate, '160385');
    fireEvent.click(screen.getByRole('button', { name: lm.connectSubmit }));
    expect((await screen.findByRole('alert')).textContent).toBe(lifestyleErrors.connectionFailed);
    expect((screen.getByLabelText(lm.connectFieldAgreement) as HTMLInputElement).value).toBe('40012347');
    expect((screen.getByLabelText(lm.connectFieldBirthDate) as HTMLInputElement).value).toBe('160385');
  });

  it('puts the API’s field message on the referral code', async () => {
    const api = fakeApi({}, { [CONNECT]: [fail(400, { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { referralCode: 'Du kan ikke bruge din egen kode.' } })] });
    render(<ConnectForm api={api} />);
    type(lm.connectFieldAgreement, '40012347');
    type(lm.connectFieldBirthDate, '150385');
    type(lm.connectFieldCode, 'ven-7k3p9q');
    fireEvent.click(screen.getByRole('button', { name: lm.connectSubmit }));
    expect(await screen.findByText('Du kan ikke bruge din egen kode.')).toBeDefined();
    expect(api.post).toHaveBeenCalledWith(expect.anything(), CONNECT, { agreementNumber: '40012347', birthDate: '150385', referralCode: 'ven-7k3p9q' });
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(lm.connectFieldCode)));
  });

  it('confirms the connection with a link to the agreement', async () => {
    const api = fakeApi({}, { [CONNECT]: [ok({ data: { agreement, referralApplied: true } })] });
    render(<ConnectForm api={api} />);
    type(lm.connectFieldAgreement, '4001 2345');
    type(lm.connectFieldBirthDate, '040581');
    fireEvent.click(screen.getByRole('button', { name: lm.connectSubmit }));
    const heading = await screen.findByRole('heading', { name: lm.connectedHeading });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('status').textContent).toBe(`${lm.connected('40012345')} ${lm.connectedReferral}`);
    expect(screen.getByRole('link', { name: lm.openAgreement }).getAttribute('href')).toBe('/min-konto/abonnement/briller/la-1');
  });
});

describe('perks: the exchange and the referral code', () => {
  const frames = [
    { articleId: 'a-2', name: 'Lindberg Air 1', brand: 'Lindberg', price: 250_000, image: null },
    { articleId: 'a-3', name: 'Gucci GG1', brand: 'Gucci', price: 210_000, image: { sm: '/media/a-3-sm.webp', alt: 'Gucci GG1' } },
  ];

  it('needs a frame chosen, then orders the exchange', async () => {
    const after = { ...agreement, product: { ...agreement.product, articleId: 'a-3', name: 'Gucci GG1', brand: 'Gucci' }, exchange: { ...agreement.exchange, available: false } };
    const api = fakeApi({ [`${BASE}/frames`]: answer(frames) }, { [`${BASE}/exchange`]: [ok({ data: after })] });
    const onExchanged = vi.fn();
    render(<ExchangeForm api={api} agreement={agreement} onExchanged={onExchanged} />);
    const brand = await screen.findByLabelText(lm.brand);
    fireEvent.click(screen.getByRole('button', { name: lm.orderExchange }));
    expect(screen.getByText('Vælg det stel, du vil bytte til.')).toBeDefined();
    await vi.waitFor(() => expect(document.activeElement).toBe(brand));

    fireEvent.change(brand, { target: { value: 'Gucci' } });
    const group = screen.getByRole('group', { name: lm.frames('Gucci') });
    fireEvent.click(within(group).getByRole('radio', { name: /Gucci GG1/ }));
    fireEvent.click(screen.getByRole('button', { name: lm.orderExchange }));
    await vi.waitFor(() => expect(onExchanged).toHaveBeenCalledWith(after, 'Gucci GG1 (Gucci)'));
    expect(api.post).toHaveBeenCalledWith(expect.anything(), `${BASE}/exchange`, { articleId: 'a-3' });
  });

  it('shows the API’s refusal of an exchange', async () => {
    const api = fakeApi({ [`${BASE}/frames`]: answer(frames) }, { [`${BASE}/exchange`]: [fail(409, { code: 'conflict', message: 'Du har allerede byttet i dette aftaleår.' })] });
    render(<ExchangeForm api={api} agreement={agreement} onExchanged={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText(lm.brand), { target: { value: 'Lindberg' } });
    fireEvent.click(screen.getByRole('radio', { name: /Lindberg Air 1/ }));
    fireEvent.click(screen.getByRole('button', { name: lm.orderExchange }));
    expect((await screen.findByRole('alert')).textContent).toBe('Du har allerede byttet i dette aftaleår.');
  });

  it('copies the referral code and says so', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ReferralBox referral={{ code: 'VEN-7K3P9Q', friendsReferred: 1, monthsEarned: 1, friendMonths: 2, referrerMonths: 1, active: true }} />);
    expect(screen.getByText(lm.referralStats(1, 1))).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: lm.copyCode }));
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe(lm.copied));
    expect(writeText).toHaveBeenCalledWith('VEN-7K3P9Q');
  });
});

describe('agreement documents', () => {
  it('shows the document’s sections with download and print', () => {
    const doc: LifestyleDocument = { id: 'lsd-1', agreementId: 'la-1', kind: 'agreement', title: 'Lifestyle-aftale nr. 40012345', createdOn: '2026-02-20', sections: [{ heading: 'Opsigelse', paragraphs: ['Aftalen kan opsiges med 30 dages varsel.'] }] };
    render(<DocumentText agreementId="la-1" doc={doc} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Lifestyle-aftale nr. 40012345' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 3, name: 'Opsigelse' })).toBeDefined();
    expect(screen.getByText(lm.documentDate('2026-02-20'))).toBeDefined();
    expect(screen.getByRole('link', { name: lm.download }).getAttribute('href')).toBe('/api/lifestyle/agreements/la-1/documents/lsd-1/download');
  });
});
