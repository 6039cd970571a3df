import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccessLogEntry, AccessLogResponse, SessionResponse } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import { AccessLog } from './access-log';

afterEach(cleanup);

const session = (role: 'manager' | 'store-staff'): SessionResponse => ({
  user: { id: 'u-leder1', role, name: 'Henrik Poulsen', email: null, storeId: 'st-001', storeName: 'Profil Optik København K', companyId: null },
  expiresAt: '2026-11-22T22:00:00.000Z',
});

const entry = (over: Partial<AccessLogEntry>): AccessLogEntry => ({
  id: 'a1',
  at: '2026-11-22T09:30:00.000Z',
  action: 'prescriptions.read',
  staffId: 'u-medarbejder1',
  staffName: 'Anders Møller',
  storeId: 'st-001',
  customerId: 'c1',
  customerName: 'Mette Jensen',
  customerNumber: 'K100001',
  customerStoreId: 'st-001',
  ...over,
});

function fakeApi(results: ApiResult<AccessLogResponse>[]) {
  const get = vi.fn(async () => results.shift()!);
  return { api: { get } as unknown as Parameters<typeof AccessLog>[0]['api'], get };
}

describe('AccessLog', () => {
  it('lists who did what to which customer, marks other stores’ customers, and pages on by cursor', async () => {
    const { api, get } = fakeApi([
      {
        ok: true,
        status: 200,
        data: {
          data: [
            entry({ id: 'a2', action: 'customer.lookup', at: '2026-11-22T10:00:00.000Z', customerName: 'Søren Ågård', customerNumber: 'K100007', customerStoreId: 'st-002' }),
            entry({ id: 'a1' }),
          ],
          next: 'c-næste',
        },
      },
      { ok: true, status: 200, data: { data: [entry({ id: 'a0', action: 'prescription.create', at: '2026-11-21T15:00:00.000Z' })], next: null } },
    ]);
    render(<AccessLog api={api} session={session('manager')} />);
    const list = await screen.findByRole('list', { name: 'Adgangslog' });
    expect(get).toHaveBeenCalledWith(expect.anything(), '/api/staff/access-log');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Slog kunden op');
    expect(items[0]!.textContent).toContain('Søren Ågård (K100007) · Kunde fra en anden butik');
    expect(items[0]!.textContent).toContain('Anders Møller');
    expect(items[1]!.textContent).toContain('Så recepter');
    expect(items[1]!.textContent).not.toContain('anden butik');
    expect(within(items[0]!).getByText(/2026/).getAttribute('datetime')).toBe('2026-11-22T10:00:00.000Z');
    expect(screen.getByRole('status').textContent).toBe('Viser 2 adgange.');

    fireEvent.click(screen.getByRole('button', { name: 'Vis flere' }));
    await screen.findByText('Registrerede en recept');
    expect(get).toHaveBeenLastCalledWith(expect.anything(), '/api/staff/access-log?cursor=c-n%C3%A6ste');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toBe('Viser 3 adgange.');
    expect(screen.queryByRole('button', { name: 'Vis flere' })).toBeNull();
  });

  it('says it needs the server when offline, and retries', async () => {
    const { api } = fakeApi([
      { ok: false, status: 0, error: { code: 'internal', message: 'Ingen forbindelse.' } },
      { ok: true, status: 200, data: { data: [], next: null } },
    ]);
    render(<AccessLog api={api} session={session('manager')} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Adgangsloggen kan kun ses med forbindelse til serveren.');
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    await screen.findByText('Ingen adgange endnu.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is for managers only, and does not ask the server for others', async () => {
    const { api, get } = fakeApi([]);
    render(<AccessLog api={api} session={session('store-staff')} />);
    expect(screen.getByRole('alert').textContent).toBe('Kun butikschefer kan se adgangsloggen.');
    expect(get).not.toHaveBeenCalled();
  });
});
