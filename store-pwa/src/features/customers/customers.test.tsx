import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '@optik/shared';
import type { LocalCustomer } from '../../db/db';

const searchCustomers = vi.fn();
vi.mock('../../api', () => ({ api: { searchCustomers } }));
const navigate = vi.fn(async () => {});
vi.mock('@tanstack/react-router', () => ({ Link: ({ children }: { children: React.ReactNode }) => <a href="/kunder/x">{children}</a>, useNavigate: () => navigate }));
const { db } = await import('../../services');
const { cprIndexOf } = await import('../device/cpr-index');
const { Customers } = await import('./customers');

const local = (id: string, firstName: string, lastName: string, cprIndex: string | null): LocalCustomer => ({
  id, customerNumber: null, firstName, lastName, email: null, phone: '30405060', street: 'Vej 1', zip: '2100', city: 'København Ø', cprMasked: cprIndex ? 'XXXXXX-XXXX' : null, cprIndex,
  birthDate: null, employeeNumber: null, reference: null, storeId: 'st-001', createdAt: '', updatedAt: '', version: 1, syncState: 'synced',
});

/** Names of the customers listed under "Kunder på denne enhed". */
const onDevice = () => [...screen.getByText('Kunder på denne enhed', { selector: 'h2' }).closest('section')!.querySelectorAll('li strong')].map((s) => s.textContent);
const search = (q: string) => fireEvent.change(screen.getByLabelText('Søg efter navn, telefon, e-mail, kundenummer eller CPR'), { target: { value: q } });

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(() => {
  cleanup();
  searchCustomers.mockReset();
});

describe('finding a customer by full CPR on the device', () => {
  it('finds exactly the customer with that CPR, with or without dash, by the blind index (no network needed)', async () => {
    await db.customers.bulkAdd([
      local('c1', 'Karen', 'Sørensen', await cprIndexOf(db, '070761-4285')),
      local('c2', 'Ole', 'Hansen', await cprIndexOf(db, '010160-1235')),
      local('c3', 'Ida', 'Uden', null),
    ]);
    render(<Customers />);
    await waitFor(() => expect(onDevice()).toEqual(['Ole Hansen', 'Karen Sørensen', 'Ida Uden']));
    search('070761-4285');
    await waitFor(() => expect(onDevice()).toEqual(['Karen Sørensen']));
    search('0101601235');
    await waitFor(() => expect(onDevice()).toEqual(['Ole Hansen']));
    search('311299-1234');
    await waitFor(() => expect(screen.getByText('Ingen kunde fundet.')).toBeTruthy());
    expect(searchCustomers).not.toHaveBeenCalled();
  });

  it('online still asks the server, and keeps a customer found there by CPR on the device with its index', async () => {
    const server: Customer = { ...local('c9', 'Søren', 'Anden', null), customerNumber: 'K100009', cpr: '070761-XXXX', storeId: 'st-002' } as unknown as Customer;
    delete (server as Partial<LocalCustomer>).cprMasked;
    delete (server as Partial<LocalCustomer>).cprIndex;
    searchCustomers.mockResolvedValue({ ok: true, status: 200, data: { data: [server] } });
    render(<Customers />);
    search('070761-4285');
    fireEvent.click(screen.getByText('Søg på serveren'));
    fireEvent.click(await screen.findByText('Åbn Søren Anden'));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(searchCustomers).toHaveBeenCalledWith('070761-4285');
    expect(await db.customers.get('c9')).toMatchObject({ cprMasked: '070761-XXXX', cprIndex: await cprIndexOf(db, '0707614285') });
  });
});
