import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse, Store } from '@optik/shared';
import { db } from '../../services';
import { LAST_STORE_KEY, StoreLogin } from './store-login';

afterEach(cleanup);
beforeEach(async () => void (await db.meta.clear()));

const store = (id: string, name: string) => ({ id, name }) as Store;
const session: SessionResponse = {
  user: { id: 'u1', role: 'store-staff', name: 'Anders Møller', email: null, storeId: 'st-001', storeName: 'Profil Optik København K', companyId: null },
  expiresAt: '2026-11-22T22:00:00.000Z',
};

/** The store list has come (the select is enabled); a label query, cheap on a busy machine. */
const storesShown = () => vi.waitFor(() => expect((screen.getByLabelText('Butik') as HTMLSelectElement).disabled).toBe(false));

function setup(storeLogin: ReturnType<typeof vi.fn>) {
  const onLoggedIn = vi.fn();
  const api = {
    getStores: async () => ({ ok: true as const, status: 200, data: { data: [store('st-002', 'Profil Optik Strøget'), store('st-001', 'Profil Optik København K')] } }),
    storeLogin: storeLogin as never,
  };
  render(<StoreLogin api={api} onLoggedIn={onLoggedIn} />);
  return { onLoggedIn };
}

describe('StoreLogin', () => {
  it('shows the API field errors next to their fields and keeps what was typed', async () => {
    const storeLogin = vi.fn(async () => ({
      ok: false as const,
      status: 400,
      error: { code: 'validation_failed' as const, message: 'Ret fejlene, og prøv igen.', fields: { storeId: 'Skal udfyldes.', password: 'Skal udfyldes.' } },
    }));
    setup(storeLogin);
    await storesShown();
    fireEvent.change(screen.getByLabelText('Brugernavn'), { target: { value: 'medarbejder1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ret fejlene, og prøv igen.');
    expect(screen.getByLabelText('Butik').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Adgangskode').getAttribute('aria-describedby')).toMatch(/password-error$/);
    expect(screen.getAllByText('Skal udfyldes.')).toHaveLength(2);
    expect((screen.getByLabelText('Brugernavn') as HTMLInputElement).value).toBe('medarbejder1');
  });

  it('sorts the stores by name and hands the session on after a successful login', async () => {
    const storeLogin = vi.fn(async () => ({ ok: true as const, status: 200, data: session }));
    const { onLoggedIn } = setup(storeLogin);
    await storesShown();
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Vælg butik', 'Profil Optik København K', 'Profil Optik Strøget']);
    fireEvent.change(screen.getByLabelText('Butik'), { target: { value: 'st-001' } });
    fireEvent.change(screen.getByLabelText('Brugernavn'), { target: { value: 'medarbejder1' } });
    fireEvent.change(screen.getByLabelText('Adgangskode'), { target: { value: 'Demo1234!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(session));
    expect(storeLogin).toHaveBeenCalledWith({ storeId: 'st-001', username: 'medarbejder1', password: 'Demo1234!' });
  });

  it('chooses the store last signed in to on this device, and remembers the one signed in to now', async () => {
    await db.meta.put({ key: LAST_STORE_KEY, value: 'st-002' });
    const storeLogin = vi.fn(async () => ({ ok: true as const, status: 200, data: session }));
    const { onLoggedIn } = setup(storeLogin);
    await storesShown();
    await vi.waitFor(() => expect((screen.getByLabelText('Butik') as HTMLSelectElement).value).toBe('st-002'));
    fireEvent.change(screen.getByLabelText('Butik'), { target: { value: 'st-001' } });
    fireEvent.change(screen.getByLabelText('Brugernavn'), { target: { value: 'medarbejder1' } });
    fireEvent.change(screen.getByLabelText('Adgangskode'), { target: { value: 'Demo1234!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(session));
    expect((await db.meta.get(LAST_STORE_KEY))?.value).toBe('st-001');
    // Logged out and back at the login screen: the store is chosen already.
    cleanup();
    setup(storeLogin);
    await storesShown();
    await vi.waitFor(() => expect((screen.getByLabelText('Butik') as HTMLSelectElement).value).toBe('st-001'));
  });

  it('chooses nothing when the remembered store is no longer a store', async () => {
    await db.meta.put({ key: LAST_STORE_KEY, value: 'st-lukket' });
    setup(vi.fn());
    await storesShown();
    expect((screen.getByLabelText('Butik') as HTMLSelectElement).value).toBe('');
  });
});
