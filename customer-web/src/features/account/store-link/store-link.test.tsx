import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountLinkMessages, type MyOrderSummary, type MyStoreLink, type Prescription } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import { OrderList } from '../orders/orders-page';
import { ConfirmStoreLink } from './confirm-page';
import { StoreLinkSection } from './store-link-section';
import type { StoreLinkApi } from './store-link-api';

afterEach(cleanup);

const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, status: 200, data });
const fail = (status: number, message: string): ApiResult<never> => ({ ok: false, status, error: { code: status === 410 ? 'gone' : 'internal', message } });

const linked: MyStoreLink = {
  link: { source: 'staff-link', linkedAt: '2026-11-22T10:00:00.000Z', storeName: 'Profil Optik Aarhus', customerNumber: 'K100007', prescriptionsConsent: false },
  canLinkByCpr: false,
};
const notLinked: MyStoreLink = { link: null, canLinkByCpr: false };
const rx: Prescription = {
  id: 'rx-1',
  customerId: 'c-1',
  storeId: 'st-001',
  examDate: '2026-10-01',
  createdAt: '2026-10-01T09:00:00.000Z',
  entry: {
    kind: 'glasses',
    glasses: { rightSphere: -1.25, rightCylinder: -0.5, rightAxis: 90, rightAddition: null, rightPupillaryDistance: 31.5, leftSphere: -1, leftCylinder: null, leftAxis: null, leftAddition: null, leftPupillaryDistance: 32 },
  },
};

/** A fake API answering by path; every call is recorded. */
function fakeApi(answers: Record<string, (body?: unknown) => ApiResult<unknown>>) {
  const answer = (path: string, body?: unknown) => {
    const a = answers[path];
    if (!a) throw new Error(`unexpected call ${path}`);
    return Promise.resolve(a(body));
  };
  const get = vi.fn((_schema: unknown, path: string) => answer(path));
  const post = vi.fn((_schema: unknown, path: string, body?: unknown) => answer(path, body));
  return { api: { get, post } as unknown as StoreLinkApi, get, post };
}

const eid = (url = 'https://mitid.test/authorize') => ({ eidStart: vi.fn(async (_cpr?: boolean) => ok({ url })) });

describe('StoreLinkSection (My Pages, linked accounts)', () => {
  it('tells the customer the store profile is linked, and shows the store prescriptions only once they turn them on', async () => {
    const { api, post, get } = fakeApi({
      '/api/my/store-link': () => ok({ data: linked }),
      '/api/my/store-link/consent': (body) => ok({ data: { ...linked, link: { ...linked.link!, prescriptionsConsent: (body as { prescriptionsConsent: boolean }).prescriptionsConsent } } }),
      '/api/my/store-link/prescriptions': () => ok({ data: [rx] }),
    });
    render(<StoreLinkSection api={api} eid={eid()} />);
    const section = screen.getByRole('region', { name: 'Din butikskunde-profil' });
    await within(section).findByText('Din butikskunde-profil er knyttet til kontoen.');
    expect(section.textContent).toContain('Oprettet i Profil Optik Aarhus, kundenummer K100007. Knyttet 22. november 2026.');
    const toggle = within(section).getByRole('checkbox', { name: 'Vis mine brilleoplysninger fra butikken' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(within(section).queryByRole('heading', { name: 'Brilleoplysninger fra butikken' })).toBeNull();
    expect(get).not.toHaveBeenCalledWith(expect.anything(), '/api/my/store-link/prescriptions');

    fireEvent.click(toggle);
    expect(post).toHaveBeenCalledWith(expect.anything(), '/api/my/store-link/consent', { prescriptionsConsent: true });
    const prescriptions = await within(section).findByRole('region', { name: 'Brilleoplysninger fra butikken' });
    await within(prescriptions).findByText('Synsprøve 1. oktober 2026');
    expect(prescriptions.textContent).toContain('-1,25');
    expect(within(section).getByRole('status').textContent).toBe('Dine brilleoplysninger fra butikken vises nu.');
    expect((within(section).getByRole('checkbox', { name: 'Vis mine brilleoplysninger fra butikken' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(section).getByRole('checkbox', { name: 'Vis mine brilleoplysninger fra butikken' }));
    await waitFor(() => expect(within(section).queryByRole('region', { name: 'Brilleoplysninger fra butikken' })).toBeNull());
    expect(post).toHaveBeenLastCalledWith(expect.anything(), '/api/my/store-link/consent', { prescriptionsConsent: false });
  });

  it('unlinks after the customer confirms, then offers MitID to link again', async () => {
    const { api, post } = fakeApi({
      '/api/my/store-link': () => ok({ data: linked }),
      '/api/my/store-link/unlink': () => ok({ data: notLinked }),
    });
    const client = eid();
    const go = vi.fn();
    render(<StoreLinkSection api={api} eid={client} goToBroker={go} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Fjern tilknytningen' }));
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fjern tilknytningen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ja, fjern den' }));
    await screen.findByText('Tilknytningen er fjernet.');
    expect(post).toHaveBeenCalledWith(expect.anything(), '/api/my/store-link/unlink');
    expect(screen.queryByText('Din butikskunde-profil er knyttet til kontoen.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Find min profil med MitID' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://mitid.test/authorize'));
    // The login asks MitID for the CPR, which finds the store profile.
    expect(client.eidStart).toHaveBeenCalledWith(true);
  });

  it('links by the CPR from MitID when the account has a matching store profile, and shows a refusal as an alert', async () => {
    let tries = 0;
    const { api } = fakeApi({
      '/api/my/store-link': () => ok({ data: { link: null, canLinkByCpr: true } }),
      '/api/my/store-link/cpr': () => (++tries === 1 ? fail(409, accountLinkMessages.customerTaken) : ok({ data: linked })),
    });
    render(<StoreLinkSection api={api} eid={eid()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Knyt profilen til kontoen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(accountLinkMessages.customerTaken);
    fireEvent.click(screen.getByRole('button', { name: 'Knyt profilen til kontoen' }));
    await screen.findByText('Din butikskunde-profil er knyttet til kontoen.', { selector: 'strong' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ConfirmStoreLink (/min-konto/butiksprofil)', () => {
  it('shows which store sent the link, takes the consent from the checkbox and confirms', async () => {
    const { api, post } = fakeApi({
      '/api/my/store-link/preview': () => ok({ data: { storeName: 'Profil Optik Aarhus', expiresAt: '2026-11-29T10:00:00.000Z' } }),
      '/api/my/store-link/confirm': () => ok({ data: { ...linked, link: { ...linked.link!, prescriptionsConsent: true } } }),
    });
    render(<ConfirmStoreLink api={api} token={"t".repeat(40)} />);
    await screen.findByText(/Profil Optik Aarhus har sendt dig et link/);
    expect(post).toHaveBeenCalledWith(expect.anything(), '/api/my/store-link/preview', { token: 't'.repeat(40) });
    expect(screen.getByText('Linket virker til 29. november 2026 kl. 11.00.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vis mine brilleoplysninger fra butikken' }));
    fireEvent.click(screen.getByRole('button', { name: 'Knyt profilen til min konto' }));
    expect((await screen.findByRole('status')).textContent).toBe('Din butikskunde-profil er knyttet til kontoen.');
    expect(post).toHaveBeenLastCalledWith(expect.anything(), '/api/my/store-link/confirm', { token: 't'.repeat(40), prescriptionsConsent: true });
    expect(screen.getByRole('link', { name: 'Se dine ordrer' }).getAttribute('href')).toBe('/min-konto/ordrer');
  });

  it('says a used or expired link cannot be used, and keeps the form when the confirmation is refused', async () => {
    const gone = fakeApi({ '/api/my/store-link/preview': () => fail(410, accountLinkMessages.linkGone) });
    render(<ConfirmStoreLink api={gone.api} token={'g'.repeat(40)} />);
    expect((await screen.findByRole('alert')).textContent).toBe(accountLinkMessages.linkGone);
    expect(screen.queryByRole('button', { name: 'Knyt profilen til min konto' })).toBeNull();
    cleanup();

    const taken = fakeApi({
      '/api/my/store-link/preview': () => ok({ data: { storeName: null, expiresAt: '2026-11-29T10:00:00.000Z' } }),
      '/api/my/store-link/confirm': () => fail(409, accountLinkMessages.accountTaken),
    });
    render(<ConfirmStoreLink api={taken.api} token={'h'.repeat(40)} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Vis mine brilleoplysninger fra butikken' }));
    fireEvent.click(screen.getByRole('button', { name: 'Knyt profilen til min konto' }));
    expect((await screen.findByRole('alert')).textContent).toBe(accountLinkMessages.accountTaken);
    expect((screen.getByRole('checkbox', { name: 'Vis mine brilleoplysninger fra butikken' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('My Pages orders with a linked store profile', () => {
  it('lists the store’s orders by their store, without a web order page', async () => {
    const head = { status: 'handled', displayStatus: 'Handling', deliveredAt: null, deliveryMethodId: 119, shipmentMethod: 'Click & collect', totalPrice: 120_000, itemCount: 1, returnStatus: null } as const;
    const orders: MyOrderSummary[] = [
      { ...head, id: 'w-1', orderNumber: 'O2500200', createdAt: '2026-11-20T10:00:00.000Z' },
      { ...head, id: 's-1', orderNumber: 'O2500100', createdAt: '2026-11-10T10:00:00.000Z', storeName: 'Profil Optik Aarhus' },
    ];
    const api = { get: vi.fn(async () => ok({ data: orders })), post: vi.fn() } as unknown as Parameters<typeof OrderList>[0]['api'];
    render(<OrderList api={api} />);
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'O2500200' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(rows[1]!.textContent).toContain('Købt i Profil Optik Aarhus');
  });
});
