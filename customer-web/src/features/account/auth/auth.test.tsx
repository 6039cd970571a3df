import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountDetails, ApiError, SessionResponse, TermsResponse } from '@optik/shared';
import type { AuthClient } from './auth-client';
import { DetailsForm, EidSection, PasswordForm } from './details-page';
import { EidCallback } from './eid-callback';
import { EID_RETURN_KEY } from './eid-button';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginForm, LoginPage } from './login-page';
import { LogoutPage } from './logout-page';
import { RegisterPage } from './register-page';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

type Result<K extends keyof AuthClient> = Awaited<ReturnType<AuthClient[K]>>;
const ok = <T,>(data: T) => ({ ok: true as const, status: 200, data });
const fail = (status: number, code: ApiError['error']['code'], message: string, fields?: Record<string, string>) => ({ ok: false as const, status, error: fields ? { code, message, fields } : { code, message } });

const session: SessionResponse = {
  user: { id: 'u-kunde', role: 'customer', name: 'Mette Jensen', email: 'kunde@example.dk', storeId: null, storeName: null, companyId: null },
  expiresAt: '2026-11-22T22:00:00.000Z',
};
const terms: TermsResponse = { version: 3, title: 'Vilkår for Min konto', summary: 'Vilkår for oprettelse og brug af Min konto.', body: ['Du skal acceptere de gældende vilkår.'], url: '/kontovilkaar' };

/** A fake of every account call; a test overrides the answers it is about. */
function fakeClient(over: Partial<{ [K in keyof AuthClient]: AuthClient[K] }> = {}) {
  const base = {
    me: vi.fn(async (): Promise<Result<'me'>> => fail(401, 'unauthenticated', 'Du skal være logget ind.')),
    login: vi.fn(async (): Promise<Result<'login'>> => ok(session)),
    logout: vi.fn(async (): Promise<Result<'logout'>> => ok({ success: true as const })),
    register: vi.fn(async (): Promise<Result<'register'>> => ({ ok: true, status: 201, data: { verificationSent: true as const, email: 'ida@example.dk' } })),
    resendVerification: vi.fn(async (): Promise<Result<'resendVerification'>> => ok({ success: true as const })),
    terms: vi.fn(async (): Promise<Result<'terms'>> => ok(terms)),
    acceptTerms: vi.fn(async (): Promise<Result<'acceptTerms'>> => ok(session)),
    requestPasswordReset: vi.fn(async (): Promise<Result<'requestPasswordReset'>> => ok({ success: true as const })),
    resetPassword: vi.fn(async (): Promise<Result<'resetPassword'>> => ok(session)),
    details: vi.fn(async (): Promise<Result<'details'>> => ok({ data: details })),
    updateDetails: vi.fn(async (): Promise<Result<'updateDetails'>> => ok({ data: details })),
    changePassword: vi.fn(async (): Promise<Result<'changePassword'>> => ok({ success: true as const })),
    eidStart: vi.fn(async (): Promise<Result<'eidStart'>> => ok({ url: '/api/eid/sim/authorize?state=s' })),
    eidCallback: vi.fn(async (): Promise<Result<'eidCallback'>> => ok(session)),
  };
  return { ...base, ...over };
}

const details: AccountDetails = { firstName: 'Mette', lastName: 'Jensen', email: 'kunde@example.dk', phone: '20304050', street: 'Søndergade 12', zip: '8000', city: 'Aarhus C', hasPassword: true, eidLinked: false };

/** Each test its own jotai store, so a session from one test never leaks into the next. */
const renderIsolated = (ui: ReactNode) => render(<Provider>{ui}</Provider>);
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;
const describedBy = (label: string | RegExp) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent;

describe('login form', () => {
  it('checks the fields first and focuses the first error', async () => {
    const client = fakeClient();
    renderIsolated(<LoginForm client={client} onSignedIn={vi.fn()} />);
    type('E-mail', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ret fejlene, og prøv igen.');
    expect(client.login).not.toHaveBeenCalled();
    expect(describedBy('E-mail')).toBe('E-mail skal indeholde @ og et domæne.');
    expect(describedBy('Adgangskode')).toBe('Skal udfyldes.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')));
  });

  it('shows "login failed" in an alert and keeps what was typed', async () => {
    const client = fakeClient({ login: vi.fn(async () => fail(401, 'login_failed', 'Login mislykkedes. Prøv igen.')) });
    const onSignedIn = vi.fn();
    renderIsolated(<LoginForm client={client} onSignedIn={onSignedIn} />);
    type('E-mail', 'kunde@example.dk');
    type('Adgangskode', 'forkert-kode');
    fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Login mislykkedes. Prøv igen.');
    expect(valueOf('E-mail')).toBe('kunde@example.dk');
    expect(valueOf('Adgangskode')).toBe('forkert-kode');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(client.login).toHaveBeenCalledWith({ email: 'kunde@example.dk', password: 'forkert-kode' });
  });

  it('signs in', async () => {
    const onSignedIn = vi.fn();
    renderIsolated(<LoginForm client={fakeClient()} onSignedIn={onSignedIn} />);
    type('E-mail', 'kunde@example.dk');
    type('Adgangskode', 'Demo1234!');
    fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
  });

  it('offers a new verification link for an unverified e-mail (SPEC §3)', async () => {
    const client = fakeClient({ login: vi.fn(async () => fail(403, 'email_not_verified', 'Din e-mail skal bekræftes. Bestil et nyt link.')) });
    renderIsolated(<LoginForm client={client} onSignedIn={vi.fn()} />);
    type('E-mail', 'ubekraeftet@example.dk');
    type('Adgangskode', 'Demo1234!');
    fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Din e-mail skal bekræftes. Bestil et nyt link.');
    expect(valueOf('Din e-mail')).toBe('ubekraeftet@example.dk');
    fireEvent.click(screen.getByRole('button', { name: 'Send nyt link' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/har vi sendt et nyt link/));
    expect(client.resendVerification).toHaveBeenCalledWith('ubekraeftet@example.dk');
  });

  it('shows the latest terms when they are not accepted, and accepting them signs in', async () => {
    const client = fakeClient({ login: vi.fn(async () => fail(403, 'terms_not_accepted', 'Du skal acceptere de nyeste vilkår for at logge ind.')) });
    const onSignedIn = vi.fn();
    renderIsolated(<LoginForm client={client} onSignedIn={onSignedIn} />);
    type('E-mail', 'gamle-vilkaar@example.dk');
    type('Adgangskode', 'Demo1234!');
    fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    const heading = await screen.findByRole('heading', { name: 'Acceptér de nyeste vilkår' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(await screen.findByText(/version 3\)\. Læs dem/)).toBeDefined();
    expect(screen.getByRole('link', { name: /Læs hele vilkårene/ }).getAttribute('href')).toBe('/kontovilkaar');
    fireEvent.click(screen.getByRole('button', { name: 'Acceptér og log ind' }));
    const box = screen.getByRole('checkbox', { name: /accepterer vilkårene for Min konto \(version 3\)/ });
    expect(document.activeElement).toBe(box);
    expect(screen.getByText('Du skal acceptere vilkårene.')).toBeDefined();
    expect(client.acceptTerms).not.toHaveBeenCalled();
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Acceptér og log ind' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(client.acceptTerms).toHaveBeenCalledWith(3);
  });

  it('when the terms step ran out, offers to log in again with the form as it was', async () => {
    const client = fakeClient({
      login: vi.fn(async () => fail(403, 'terms_not_accepted', 'Du skal acceptere de nyeste vilkår for at logge ind.')),
      acceptTerms: vi.fn(async () => fail(410, 'gone', 'Login-tiden er udløbet. Log ind igen.')),
    });
    renderIsolated(<LoginForm client={client} onSignedIn={vi.fn()} />);
    type('E-mail', 'gamle-vilkaar@example.dk');
    type('Adgangskode', 'Demo1234!');
    fireEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    fireEvent.click(await screen.findByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Acceptér og log ind' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Login-tiden er udløbet. Log ind igen.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Log ind igen' }));
    expect(valueOf('E-mail')).toBe('gamle-vilkaar@example.dk');
  });
});

describe('login page and MitID', () => {
  it('starts the MitID login and remembers where to come back to', async () => {
    const client = fakeClient();
    const go = vi.fn();
    renderIsolated(<LoginPage client={client} returnTo="/min-konto/opgaver" onSignedIn={vi.fn()} goToBroker={go} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Log ind med MitID' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/eid/sim/authorize?state=s'));
    expect(client.eidStart).toHaveBeenCalledWith(false);
    expect(sessionStorage.getItem(EID_RETURN_KEY)).toBe('/min-konto/opgaver');
    expect(screen.getByRole('link', { name: 'Glemt adgangskode?' }).getAttribute('href')).toBe('/min-konto/glemt-løsen');
  });

  it('shows a failed MitID start in an alert', async () => {
    const go = vi.fn();
    const client = fakeClient({ eidStart: vi.fn(async () => fail(503, 'internal', 'Login til kontoen er midlertidigt utilgængeligt.')) });
    renderIsolated(<LoginPage client={client} returnTo="/min-konto" onSignedIn={vi.fn()} goToBroker={go} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Log ind med MitID' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Login til kontoen er midlertidigt utilgængeligt.');
    expect(go).not.toHaveBeenCalled();
  });

  it('tells a signed-in customer so instead of showing the form', async () => {
    const client = fakeClient({ me: vi.fn(async () => ok(session)) });
    renderIsolated(<LoginPage client={client} returnTo="/min-konto" onSignedIn={vi.fn()} />);
    expect((await screen.findByRole('status')).textContent).toBe('Du er logget ind som Mette Jensen.');
    expect(screen.queryByLabelText('Adgangskode')).toBeNull();
  });
});

describe('MitID callback', () => {
  const props = { returnTo: '/min-konto', onSignedIn: vi.fn() };

  it('posts the code and state from the fragment and signs in', async () => {
    const client = fakeClient();
    const onSignedIn = vi.fn();
    renderIsolated(<EidCallback client={client} hash="#code=abc&state=state-1234567890123" returnTo="/min-konto" onSignedIn={onSignedIn} />);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(client.eidCallback).toHaveBeenCalledTimes(1);
    expect(client.eidCallback).toHaveBeenCalledWith({ state: 'state-1234567890123', code: 'abc' });
  });

  it("passes on the issuer an OpenID Connect broker names in its answer (RFC 9207), for the API to check", async () => {
    const client = fakeClient();
    const onSignedIn = vi.fn();
    renderIsolated(<EidCallback client={client} hash="#code=abc&state=state-1234567890123&iss=https%3A%2F%2Fbroker.example" returnTo="/min-konto" onSignedIn={onSignedIn} />);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(client.eidCallback).toHaveBeenCalledWith({ state: 'state-1234567890123', code: 'abc', iss: 'https://broker.example' });
  });

  it('shows the SPEC §8 message of a cancelled login, with a way to try again', async () => {
    const client = fakeClient({ eidCallback: vi.fn(async () => fail(401, 'login_failed', 'Login blev annulleret eller mislykkedes.')) });
    renderIsolated(<EidCallback client={client} hash="error=access_denied&state=state-1234567890123" {...props} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Login blev annulleret eller mislykkedes.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(client.eidCallback).toHaveBeenCalledWith({ state: 'state-1234567890123', error: 'access_denied' });
    expect(screen.getByRole('link', { name: 'Prøv igen' }).getAttribute('href')).toBe('/min-konto/log-ind?retur=%2Fmin-konto');
  });

  it('says the login failed without asking the API when the fragment is empty', async () => {
    const client = fakeClient();
    renderIsolated(<EidCallback client={client} hash="" {...props} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Login blev annulleret eller mislykkedes.');
    expect(client.eidCallback).not.toHaveBeenCalled();
  });

  it('shows the terms for a new MitID account, and an e-mail problem with a new link', async () => {
    const client = fakeClient({ eidCallback: vi.fn(async () => fail(403, 'terms_not_accepted', 'Du skal acceptere de nyeste vilkår for at logge ind.')) });
    renderIsolated(<EidCallback client={client} hash="code=abc&state=state-1234567890123" {...props} />);
    expect(await screen.findByRole('heading', { name: 'Acceptér de nyeste vilkår' })).toBeDefined();
    cleanup();
    const unverified = fakeClient({ eidCallback: vi.fn(async () => fail(403, 'eid_email_not_verified', 'E-mailen på din MitID-konto skal bekræftes.')) });
    renderIsolated(<EidCallback client={unverified} hash="code=abc&state=state-1234567890123" {...props} />);
    expect((await screen.findByRole('alert')).textContent).toBe('E-mailen på din MitID-konto skal bekræftes.');
    expect(screen.getByRole('button', { name: 'Send nyt link' })).toBeDefined();
  });
});

describe('register', () => {
  it('checks every field with the shared schema and keeps what was typed', async () => {
    const client = fakeClient();
    renderIsolated(<RegisterPage client={client} />);
    type('Fornavn', 'Ida');
    type('E-mail', 'ida@');
    type('Adgangskode', 'kort');
    fireEvent.click(screen.getByRole('button', { name: 'Opret konto' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ret fejlene, og prøv igen.');
    expect(client.register).not.toHaveBeenCalled();
    expect(describedBy('Efternavn')).toBe('Skal udfyldes.');
    expect(describedBy('E-mail')).toBe('E-mail skal indeholde @ og et domæne.');
    expect(describedBy('Adgangskode')).toBe('Adgangskoden skal være mindst 8 tegn.');
    expect(screen.getByText('Du skal acceptere vilkårene.')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Efternavn')));
    expect(valueOf('Fornavn')).toBe('Ida');
    expect(screen.getByRole('link', { name: /vilkårene for Min konto/ }).getAttribute('href')).toBe('/kontovilkaar');
  });

  it("puts the API's field errors on the same fields", async () => {
    const client = fakeClient({ register: vi.fn(async () => fail(400, 'validation_failed', 'Ret fejlene, og prøv igen.', { email: 'E-mailadressen kan ikke bruges.' })) });
    renderIsolated(<RegisterPage client={client} />);
    type('Fornavn', 'Ida');
    type('Efternavn', 'Holm');
    type('E-mail', 'kunde@example.dk');
    type('Mobilnummer', '20304050');
    type('Adgangskode', 'langkode123');
    type('Gentag adgangskode', 'langkode123');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Opret konto' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')));
    expect(describedBy('E-mail')).toBe('E-mailadressen kan ikke bruges.');
    expect(valueOf('Adgangskode')).toBe('langkode123');
    expect(client.register).toHaveBeenCalledWith({ firstName: 'Ida', lastName: 'Holm', email: 'kunde@example.dk', phone: '20304050', password: 'langkode123', passwordRepeat: 'langkode123', acceptTerms: true });
  });

  it('then says to check the mail, and can send the link again', async () => {
    const client = fakeClient();
    renderIsolated(<RegisterPage client={client} />);
    type('Fornavn', 'Ida');
    type('Efternavn', 'Holm');
    type('E-mail', 'ida@example.dk');
    type('Mobilnummer', '20304050');
    type('Adgangskode', 'langkode123');
    type('Gentag adgangskode', 'langkode123');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Opret konto' }));
    const heading = await screen.findByRole('heading', { name: 'Tjek din e-mail' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/Vi har sendt et link til ida@example.dk/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Send linket igen' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Vi har sendt et nyt link. Tjek også din spam-mappe.'));
    expect(client.resendVerification).toHaveBeenCalledWith('ida@example.dk');
  });

  it('started from the cart, leads back there: the login link, and after the e-mail is verified (issue 16)', async () => {
    localStorage.clear();
    const client = fakeClient();
    renderIsolated(<RegisterPage client={client} returnTo="/checkout" />);
    expect(screen.getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe('/min-konto/log-ind?retur=%2Fcheckout');
    type('Fornavn', 'Ida');
    type('Efternavn', 'Holm');
    type('E-mail', 'ida@example.dk');
    type('Mobilnummer', '20304050');
    type('Adgangskode', 'langkode123');
    type('Gentag adgangskode', 'langkode123');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Opret konto' }));
    await screen.findByRole('heading', { name: 'Tjek din e-mail' });
    cleanup();

    const { VerifyEmail } = await import('../../../routes/verify-email');
    const session = { user: { id: 'u-1', role: 'customer' as const, name: 'Ida Holm', email: 'ida@example.dk', storeId: null, storeName: null, companyId: null }, expiresAt: '2026-11-23T10:00:00Z' };
    const api = { verifyEmail: vi.fn(async () => ({ ok: true as const, status: 200, data: session })), resendVerification: vi.fn() };
    renderIsolated(<VerifyEmail api={api as never} hash="#token=abc" />);
    expect((await screen.findByRole('link', { name: 'Fortsæt til kurven' })).getAttribute('href')).toBe('/checkout');
    // Once: a later verification does not offer it again.
    expect(localStorage.getItem('optik_after_verify')).toBeNull();
  });
});

describe('password reset', () => {
  it('asks for a link and answers neutrally', async () => {
    const client = fakeClient();
    renderIsolated(<ForgotPasswordPage client={client} hash="" onSignedIn={vi.fn()} />);
    type('E-mail', 'ingen@example.dk');
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Hvis e-mailen hører til en konto/));
    expect(client.requestPasswordReset).toHaveBeenCalledWith('ingen@example.dk');
    expect(valueOf('E-mail')).toBe('ingen@example.dk');
  });

  it('opens the new-password form from the mailed link, checks it, and signs in', async () => {
    const client = fakeClient();
    const onSignedIn = vi.fn();
    renderIsolated(<ForgotPasswordPage client={client} hash="#token=abcdefghijklmnopqrstuvwxyz" onSignedIn={onSignedIn} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vælg en ny adgangskode');
    type('Ny adgangskode', 'ny-lang-kode');
    type('Gentag ny adgangskode', 'ny-lang-kod');
    fireEvent.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    await waitFor(() => expect(describedBy('Gentag ny adgangskode')).toBe('Adgangskoderne er ikke ens.'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Gentag ny adgangskode')));
    expect(client.resetPassword).not.toHaveBeenCalled();
    type('Gentag ny adgangskode', 'ny-lang-kode');
    fireEvent.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(client.resetPassword).toHaveBeenCalledWith({ token: 'abcdefghijklmnopqrstuvwxyz', password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' });
    expect(screen.getByRole('status').textContent).toBe('Din adgangskode er ændret, og du er logget ind.');
  });

  it('a used or expired link offers a new one', async () => {
    const client = fakeClient({ resetPassword: vi.fn(async () => fail(422, 'unprocessable', 'Linket er udløbet eller allerede brugt. Bestil et nyt link.')) });
    renderIsolated(<ForgotPasswordPage client={client} hash="token=abcdefghijklmnopqrstuvwxyz" onSignedIn={vi.fn()} />);
    type('Ny adgangskode', 'ny-lang-kode');
    type('Gentag ny adgangskode', 'ny-lang-kode');
    fireEvent.click(screen.getByRole('button', { name: 'Gem ny adgangskode' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Linket er udløbet eller allerede brugt. Bestil et nyt link.');
    expect(screen.getByRole('button', { name: 'Send link' })).toBeDefined();
  });
});

describe('account details', () => {
  it('links MitID only from the signed-in account: a button that starts MitID and comes back here; none once linked', async () => {
    const client = fakeClient();
    const go = vi.fn();
    const { unmount } = renderIsolated(<EidSection client={client} linked={false} goToBroker={go} />);
    fireEvent.click(screen.getByRole('button', { name: 'Knyt MitID til kontoen' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/eid/sim/authorize?state=s'));
    expect(sessionStorage.getItem(EID_RETURN_KEY)).toBe('/min-konto/opgaver');
    unmount();
    renderIsolated(<EidSection client={client} linked goToBroker={go} />);
    expect(screen.getByText('Din konto er knyttet til dit MitID, så du kan logge ind med MitID.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Knyt MitID til kontoen' })).toBeNull();
  });

  it('fills the city from the postcode and saves name, phone and address', async () => {
    const client = fakeClient({ updateDetails: vi.fn(async () => ok({ data: { ...details, street: 'Vestergade 3', zip: '5000', city: 'Odense C' } })) });
    const onSaved = vi.fn();
    renderIsolated(<DetailsForm client={client} initial={details} onSaved={onSaved} />);
    expect(valueOf('E-mail')).toBe('kunde@example.dk');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).readOnly).toBe(true);
    type('Postnummer', '5000');
    expect(valueOf('By')).toBe('Odense C');
    type('Gade og husnummer', 'Vestergade 3');
    fireEvent.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Dine oplysninger er gemt.'));
    expect(client.updateDetails).toHaveBeenCalledWith({ firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: 'Vestergade 3', zip: '5000', city: 'Odense C' });
    expect(onSaved).toHaveBeenCalled();
  });

  it('refuses a postcode that cannot be delivered to and an address half filled', async () => {
    const client = fakeClient();
    renderIsolated(<DetailsForm client={client} initial={details} onSaved={vi.fn()} />);
    type('Postnummer', '3900');
    fireEvent.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    expect(describedBy('Postnummer')).toBe('Vi leverer ikke til dette postnummer.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Postnummer')));
    type('Postnummer', '');
    type('Gade og husnummer', 'Vestergade 3');
    fireEvent.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    expect(describedBy('Postnummer')).toBe('Udfyld både gade og postnummer, eller lad begge felter stå tomme.');
    expect(client.updateDetails).not.toHaveBeenCalled();
    expect(valueOf('Gade og husnummer')).toBe('Vestergade 3');
  });

  it('shows the API field errors on their fields', async () => {
    const client = fakeClient({ updateDetails: vi.fn(async () => fail(400, 'validation_failed', 'Ret fejlene, og prøv igen.', { phone: 'Telefonnummer må kun indeholde cifre med valgfri landekode.' })) });
    renderIsolated(<DetailsForm client={client} initial={details} onSaved={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Mobilnummer')));
    expect(describedBy('Mobilnummer')).toBe('Telefonnummer må kun indeholde cifre med valgfri landekode.');
  });

  it('changes the password with the current one, and reports a wrong one on its field', async () => {
    const client = fakeClient({
      changePassword: vi
        .fn<AuthClient['changePassword']>()
        .mockResolvedValueOnce(fail(400, 'validation_failed', 'Ret fejlene, og prøv igen.', { currentPassword: 'Den nuværende adgangskode er forkert.' }))
        .mockResolvedValueOnce(ok({ success: true as const })),
    });
    const onChanged = vi.fn();
    renderIsolated(<PasswordForm client={client} hasPassword onChanged={onChanged} />);
    type('Ny adgangskode', 'ny-lang-kode');
    type('Gentag ny adgangskode', 'ny-lang-kode');
    fireEvent.click(screen.getByRole('button', { name: 'Skift adgangskode' }));
    expect(describedBy('Nuværende adgangskode')).toBe('Skal udfyldes.');
    expect(client.changePassword).not.toHaveBeenCalled();
    type('Nuværende adgangskode', 'forkert');
    fireEvent.click(screen.getByRole('button', { name: 'Skift adgangskode' }));
    await waitFor(() => expect(describedBy('Nuværende adgangskode')).toBe('Den nuværende adgangskode er forkert.'));
    expect(valueOf('Ny adgangskode')).toBe('ny-lang-kode');
    type('Nuværende adgangskode', 'Demo1234!');
    fireEvent.click(screen.getByRole('button', { name: 'Skift adgangskode' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(client.changePassword).toHaveBeenLastCalledWith({ currentPassword: 'Demo1234!', password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' });
    expect(valueOf('Ny adgangskode')).toBe('');
    expect(screen.getByText(/Din adgangskode er skiftet/)).toBeDefined();
  });

  it('sets a first password on a MitID account without asking for a current one', async () => {
    const client = fakeClient();
    renderIsolated(<PasswordForm client={client} hasPassword={false} onChanged={vi.fn()} />);
    expect(screen.queryByLabelText('Nuværende adgangskode')).toBeNull();
    type('Ny adgangskode', 'ny-lang-kode');
    type('Gentag ny adgangskode', 'ny-lang-kode');
    fireEvent.click(screen.getByRole('button', { name: 'Gem adgangskode' }));
    await waitFor(() => expect(client.changePassword).toHaveBeenCalledWith({ password: 'ny-lang-kode', passwordRepeat: 'ny-lang-kode' }));
  });
});

describe('logout', () => {
  it('logs out once and says so, with the way home', async () => {
    const client = fakeClient();
    renderIsolated(<LogoutPage client={client} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Du er logget ud.'));
    expect(client.logout).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Til forsiden' }).getAttribute('href')).toBe('/');
  });

  it('offers a retry when the logout fails', async () => {
    const client = fakeClient({ logout: vi.fn<AuthClient['logout']>().mockResolvedValueOnce(fail(500, 'internal', 'Noget gik galt. Prøv igen.')).mockResolvedValueOnce(ok({ success: true as const })) });
    renderIsolated(<LogoutPage client={client} />);
    fireEvent.click(await screen.findByRole('button', { name: /Prøv igen/ }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Du er logget ud.'));
    expect(client.logout).toHaveBeenCalledTimes(2);
  });
});
