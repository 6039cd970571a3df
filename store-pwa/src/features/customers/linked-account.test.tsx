import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountLinkMessages, type Order, type StaffAccountLink } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import { LinkedAccount } from './linked-account';

afterEach(cleanup);

const CUSTOMER = '0b7a5a3e-6a55-4b8e-9a37-3f1c1f7d2c10';
const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, status: 200, data });
const offline: ApiResult<never> = { ok: false, status: 0, error: { code: 'internal', message: 'Ingen forbindelse.' } };

const status = (over: Partial<StaffAccountLink> = {}): StaffAccountLink => ({ linked: false, linkedAt: null, source: null, pendingUntil: null, hasEmail: true, ...over });
const order = (over: Partial<Order>): Order => ({
  id: 'o',
  orderNumber: 'O2500100',
  status: 'handled',
  paymentStatus: 'paid',
  deliveryMethodId: 119,
  pickupStoreId: 'st-001',
  customerId: CUSTOMER,
  prescriptionId: null,
  storeId: 'st-001',
  createdBy: 'store',
  lines: [{ articleId: 'a', skuId: 's', description: 'Linser', quantity: 1, unitPrice: 29_900, vat: 5_980, lineTotal: 29_900, subscriptionInterval: null, prescription: null, prescriptionGlasses: null }],
  shipping: 0,
  totalPrice: 29_900,
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: null,
  paymentMethod: null,
  contact: null,
  deliveryAddress: null,
  collectionPointId: null,
  discount: 0,
  discountCode: null,
  giftCardAmount: 0,
  ...over,
});

/** Answers by path, in order per path; records every call. */
function fakeApi(answers: Record<string, ApiResult<unknown>[]>) {
  const next = (path: string) => {
    const a = answers[path]?.shift();
    if (!a) throw new Error(`unexpected call ${path}`);
    return Promise.resolve(a);
  };
  const get = vi.fn((_s: unknown, path: string) => next(`GET ${path}`));
  const post = vi.fn((_s: unknown, path: string) => next(`POST ${path}`));
  return { api: { get, post } as unknown as NonNullable<Parameters<typeof LinkedAccount>[0]['api']>, get, post };
}

const LINK = `/api/staff/customers/${CUSTOMER}/account-link`;
const ORDERS = `/api/staff/customers/${CUSTOMER}/orders`;

describe('LinkedAccount (store app customer page)', () => {
  it('sends the link to the web account, then says until when it works and offers a new one; a refusal shows the server’s reason', async () => {
    const { api, post } = fakeApi({
      [`GET ${LINK}`]: [ok({ data: status() })],
      [`GET ${ORDERS}`]: [ok({ data: [order({})] })],
      [`POST ${LINK}`]: [ok({ data: status({ pendingUntil: '2026-11-29T10:00:00.000Z' }) }), { ok: false, status: 409, error: { code: 'conflict', message: accountLinkMessages.alreadyLinked } }],
    });
    render(<LinkedAccount customerId={CUSTOMER} hasEmail queued={false} onQueue={vi.fn()} api={api} />);
    const section = await screen.findByRole('region', { name: 'Webkonto' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Send link til webkonto' }));
    expect(await within(section).findByText('Link sendt – det virker til 29.11.2026.')).toBeTruthy();
    expect(within(section).getByRole('status').textContent).toBe('Linket er sendt til kundens e-mail.');
    expect(post).toHaveBeenCalledWith(expect.anything(), LINK);
    // Not linked: no web orders section, and the store's own order is not shown as one.
    expect(within(section).queryByRole('heading', { name: 'Webordrer' })).toBeNull();

    fireEvent.click(within(section).getByRole('button', { name: 'Send nyt link' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(accountLinkMessages.alreadyLinked);
    expect(within(section).getByText('Link sendt – det virker til 29.11.2026.')).toBeTruthy();
  });

  it('cannot send without an e-mail on the customer, and says why', async () => {
    const { api, post } = fakeApi({ [`GET ${LINK}`]: [ok({ data: status({ hasEmail: false }) })], [`GET ${ORDERS}`]: [ok({ data: [] })] });
    render(<LinkedAccount customerId={CUSTOMER} hasEmail queued={false} onQueue={vi.fn()} api={api} />);
    const button = (await screen.findByRole('button', { name: 'Send link til webkonto' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(accountLinkMessages.noEmail);
    fireEvent.click(button);
    expect(post).not.toHaveBeenCalled();
  });

  it('shows a linked customer’s web orders (newest first, click and collect in the counter’s words), not the store’s own orders', async () => {
    const { api } = fakeApi({
      [`GET ${LINK}`]: [ok({ data: status({ linked: true, source: 'staff-link', linkedAt: '2026-11-22T10:00:00.000Z' }) })],
      [`GET ${ORDERS}`]: [
        ok({
          data: [
            order({ id: 's', orderNumber: 'O2500100' }),
            order({ id: 'w1', orderNumber: 'O2500301', createdBy: 'web', storeId: null, customerId: 'u-kunde', status: 'controlled', createdAt: '2026-11-21T10:00:00.000Z' }),
            order({ id: 'w2', orderNumber: 'O2500302', createdBy: 'web', storeId: null, customerId: 'u-kunde', deliveryMethodId: 79, pickupStoreId: null, status: 'delivered', totalPrice: 123_450, createdAt: '2026-11-24T23:30:00.000Z' }),
          ],
        }),
      ],
    });
    render(<LinkedAccount customerId={CUSTOMER} hasEmail queued={false} onQueue={vi.fn()} api={api} />);
    expect(await screen.findByText('Kunden er knyttet til en webkonto (via link) siden 22.11.2026.')).toBeTruthy();
    const web = screen.getByRole('region', { name: 'Webordrer' });
    const items = within(web).getAllByRole('listitem').map((li) => li.textContent!.replace(/\s/g, ' '));
    expect(items).toEqual(['O2500302Bestilt 25.11.2026Leveret1.234,50 kr.', 'O2500301Bestilt 21.11.2026Klar til afhentning299,00 kr.']);
    expect(screen.queryByRole('button', { name: 'Send link til webkonto' })).toBeNull();
  });

  it('says offline that the web account needs the server, and loads on retry', async () => {
    const { api } = fakeApi({
      [`GET ${LINK}`]: [offline, ok({ data: status({ linked: true, source: 'cpr', linkedAt: '2026-11-22T10:00:00.000Z' }) })],
      [`GET ${ORDERS}`]: [offline, ok({ data: [] })],
    });
    render(<LinkedAccount customerId={CUSTOMER} hasEmail queued={false} onQueue={vi.fn()} api={api} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Webkonto og webordrer kan kun ses med forbindelse til serveren.');
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByText('Kunden er knyttet til en webkonto (via MitID) siden 22.11.2026.')).toBeTruthy();
    expect(screen.getByText('Ingen webordrer.')).toBeTruthy();
  });

  it('offline, "Send link til webkonto" goes into the queue and says so; a queued link is not offered twice; no e-mail, no link', async () => {
    const { api, post } = fakeApi({ [`GET ${LINK}`]: [offline], [`GET ${ORDERS}`]: [offline] });
    const onQueue = vi.fn(() => Promise.resolve());
    const view = render(<LinkedAccount customerId={CUSTOMER} hasEmail queued={false} onQueue={onQueue} api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send link til webkonto' }));
    await vi.waitFor(() => expect(onQueue).toHaveBeenCalledTimes(1));
    expect(post).not.toHaveBeenCalled();
    // The queue now holds it (the customer page's live query says so): said once, and no second button.
    view.rerender(<LinkedAccount customerId={CUSTOMER} hasEmail queued onQueue={onQueue} api={api} />);
    expect(screen.getAllByText('Linket til webkonto venter og sendes, når der er forbindelse igen.')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Send link til webkonto' })).toBeNull();
    view.unmount();

    const noMail = fakeApi({ [`GET ${LINK}`]: [offline], [`GET ${ORDERS}`]: [offline] });
    render(<LinkedAccount customerId={CUSTOMER} hasEmail={false} queued={false} onQueue={onQueue} api={noMail.api} />);
    expect(await screen.findByText(accountLinkMessages.noEmail)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send link til webkonto' })).toBeNull();
  });

  it('a send that loses the connection on the way is queued instead', async () => {
    const { api } = fakeApi({ [`GET ${LINK}`]: [ok({ data: status() })], [`GET ${ORDERS}`]: [ok({ data: [] })], [`POST ${LINK}`]: [offline] });
    const onQueue = vi.fn(() => Promise.resolve());
    render(<LinkedAccount customerId={CUSTOMER} hasEmail queued={false} onQueue={onQueue} api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send link til webkonto' }));
    expect(await screen.findByText('Linket til webkonto venter og sendes, når der er forbindelse igen.')).toBeTruthy();
    expect(onQueue).toHaveBeenCalledTimes(1);
  });
});
