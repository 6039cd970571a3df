import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalCustomer } from '../../db/db';

// The device's real database and engine; the server is out of reach (the edit waits in the outbox).
vi.mock('../../services', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../services')>();
  const { createSyncEngine } = await import('../../sync/engine');
  const { openVault } = await import('../../db/vault');
  return {
    ...real,
    syncServices: async () => ({
      engine: createSyncEngine({ db: real.db, vault: await openVault(real.db), send: async () => ({ ok: false, status: 0, error: { code: 'internal', message: 'offline' } }) }),
      trigger: async () => {},
    }),
  };
});
const { db } = await import('../../services');
const { CustomerEdit, CustomerEditFix } = await import('./customer-edit');

const customer: LocalCustomer = {
  id: 'c1', customerNumber: 'K100001', firstName: 'Mette', lastName: 'Jensen', email: null, phone: '20304050', street: 'Søndergade 1', zip: '8000', city: 'Aarhus C', notes: null,
  cprMasked: null, birthDate: null, employeeNumber: null, reference: null, storeId: 'st-001', createdAt: '', updatedAt: '', version: 1, syncState: 'synced',
};

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.customers.add(customer);
});
afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (label: string) => document.getElementById(`${field(label).id}-error`)?.textContent;

describe('customer edit (decision 011)', () => {
  it('changes address and phone on the device at once, the postcode filling the city, and queues only the changed fields with their base', async () => {
    render(<CustomerEdit customer={customer} />);
    expect(screen.getByRole('heading', { name: 'Kontaktoplysninger' })).toBeTruthy();
    expect(screen.getByText('Søndergade 1, 8000 Aarhus C')).toBeTruthy();
    expect(screen.getByText('20 30 40 50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Redigér kontaktoplysninger for Mette Jensen' }));
    expect(screen.getByRole('heading', { name: 'Redigér Mette Jensen' })).toBeTruthy();
    type('Postnummer', '2100');
    expect(field('By').value).toBe('København Ø');
    type('Telefon', '12');
    type('Noter', 'Foretrækker SMS');
    fireEvent.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    // A bad value: the Danish message at the field, everything typed kept, nothing queued.
    await waitFor(() => expect(errorOf('Telefon')).toBe('Telefonnummer må kun indeholde cifre med valgfri landekode.'));
    expect(field('Telefon').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Telefon'));
    expect([field('Postnummer').value, field('Telefon').value, field('Noter').value]).toEqual(['2100', '12', 'Foretrækker SMS']);
    expect(await db.outbox.count()).toBe(0);

    type('Telefon', '40 41 42 43');
    fireEvent.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    await screen.findByText('Ændringen er gemt og sendes, så snart der er forbindelse.');
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({
      type: 'customer.update',
      payload: {
        customerId: 'c1',
        changes: {
          zip: { value: '2100', base: '8000' },
          city: { value: 'København Ø', base: 'Aarhus C' },
          phone: { value: '40414243', base: '20304050' },
          notes: { value: 'Foretrækker SMS', base: null },
        },
      },
    });
    expect(Object.keys((row!.payload as { changes: object }).changes).sort()).toEqual(['city', 'notes', 'phone', 'zip']);
    expect(await db.customers.get('c1')).toMatchObject({ zip: '2100', city: 'København Ø', phone: '40414243', notes: 'Foretrækker SMS', street: 'Søndergade 1', syncState: 'pending' });
  });

  it('saves nothing when nothing changed, also when a value is only typed differently', async () => {
    render(<CustomerEdit customer={customer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Redigér kontaktoplysninger for Mette Jensen' }));
    type('Telefon', '20 30 40 50');
    fireEvent.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    expect(await screen.findByText('Der er ingen ændringer at gemme.')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it("shows the staff member's overwritten change with both values until OK dismisses it", async () => {
    await db.customerConflicts.add({ id: 'cmd-2:phone', customerId: 'c1', field: 'phone', mine: '40414243', winner: '50515253', at: '2026-11-22T10:00:00.000Z', dismissedAt: null });
    await db.customerConflicts.add({ id: 'cmd-3:email', customerId: 'c2', field: 'email', mine: 'a@example.dk', winner: 'b@example.dk', at: '2026-11-22T10:00:00.000Z', dismissedAt: null });
    render(<CustomerEdit customer={customer} />);
    const text = 'Din ændring af telefon (40 41 42 43) blev overskrevet af en senere ændring (50 51 52 53).';
    expect(await screen.findByText(text)).toBeTruthy();
    // Another customer's conflict is not shown here.
    expect(screen.queryByText(/a@example\.dk/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK, skjul beskeden om telefon' }));
    await waitFor(() => expect(screen.queryByText(text)).toBeNull());
    expect(await db.customerConflicts.get('cmd-2:phone')).toMatchObject({ mine: null, winner: null, dismissedAt: expect.any(String) });
  });

  it("a rejected edit opens with the server's message at its field and is sent again corrected", async () => {
    await db.customers.update('c1', { phone: '4041', localEdits: { phone: { base: '20304050' } }, syncState: 'failed' });
    const payload = { customerId: 'c1', changes: { phone: { value: '4041', base: '20304050' } } };
    await db.outbox.add({ id: 'cmd-1', type: 'customer.update', createdAt: '', payload, sealed: null, entity: { table: 'customers', id: 'c1' }, dependsOn: [], status: 'rejected', attempts: 0, nextAttemptAt: 0, error: { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { phone: 'Ugyldigt telefonnummer.' } }, sentAt: null });
    const onDone = vi.fn();
    render(<CustomerEditFix row={(await db.outbox.where('id').equals('cmd-1').first())!} onDone={onDone} />);
    await waitFor(() => expect(errorOf('Telefon')).toBe('Ugyldigt telefonnummer.'));
    expect(field('Telefon').value).toBe('4041');
    type('Telefon', '40414243');
    fireEvent.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const resent = await db.outbox.where('status').equals('pending').toArray();
    expect(resent.map((r) => r.payload)).toEqual([{ customerId: 'c1', changes: { phone: { value: '40414243', base: '20304050' } } }]);
    expect((await db.outbox.where('id').equals('cmd-1').first())!.status).toBe('discarded');
  });
});
