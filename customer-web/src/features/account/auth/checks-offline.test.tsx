import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@optik/shared';
import { LoginForm } from './login-page';
import { RegisterPage } from './register-page';

/**
 * The form checks load on the first submit; here their loads fail as with no network until a test
 * brings it back (the loaded module is then kept, so that test comes last).
 */
const network = vi.hoisted(() => ({ up: false }));
vi.mock('./auth-checks', async (importOriginal) => {
  if (!network.up) throw new Error('offline');
  return importOriginal();
});

afterEach(cleanup);

const session: SessionResponse = {
  user: { id: 'u-kunde', role: 'customer', name: 'Mette Jensen', email: 'kunde@example.dk', storeId: null, storeName: null, companyId: null },
  expiresAt: '2026-11-22T22:00:00.000Z',
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('account forms when their checks cannot load', () => {
  it('register: shows the generic error and keeps every field and the ticked terms', async () => {
    const register = vi.fn();
    render(
      <Provider>
        <RegisterPage client={{ register, resendVerification: vi.fn(), eidStart: vi.fn() }} />
      </Provider>,
    );
    type('Fornavn', 'Ida');
    type('E-mail', 'ida@example.dk');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Opret konto' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Noget gik galt. Prøv igen.');
    expect(register).not.toHaveBeenCalled();
    expect(valueOf('Fornavn')).toBe('Ida');
    expect(valueOf('E-mail')).toBe('ida@example.dk');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it('login: shows the generic error, sends nothing, keeps what was typed, and works once the network is back', async () => {
    const login = vi.fn(async () => ({ ok: true as const, status: 200, data: session }));
    const onSignedIn = vi.fn();
    render(
      <Provider>
        <LoginForm client={{ login, resendVerification: vi.fn(), terms: vi.fn(), acceptTerms: vi.fn() }} onSignedIn={onSignedIn} />
      </Provider>,
    );
    type('E-mail', 'kunde@example.dk');
    type('Adgangskode', 'Demo1234!');
    fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Noget gik galt. Prøv igen.');
    expect(login).not.toHaveBeenCalled();
    expect(valueOf('E-mail')).toBe('kunde@example.dk');
    expect(valueOf('Adgangskode')).toBe('Demo1234!');

    network.up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(login).toHaveBeenCalledWith({ email: 'kunde@example.dk', password: 'Demo1234!' });
  });
});
