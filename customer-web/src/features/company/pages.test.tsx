import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyPrice, formatDkk, type CompanyAgreement, type ContractView, type Store } from '@optik/shared';
import type { CompanyApi } from './company-wizard';
import { EyeHealthDayPage } from './eye-health-day-page';
import { RequisitionPage, type RequisitionApi } from './requisition-page';
import { forgetLinkToken } from './link-token';
import { SignContractPage } from './sign-contract-page';
import { fakeApi, refused } from './test-api';

afterEach(cleanup);

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const choice = { glassLevel: 'plus', frameLevel: 'basis', protectiveGlasses: false, photochromic: true } as const;
const contract: CompanyAgreement = {
  id: 'co-9',
  organisationNumber: '66-93-26-21',
  companyName: 'Kattegat Software ApS',
  companyAddress: { street: 'Åboulevarden 22', zip: '8000', city: 'Aarhus C' },
  contactPerson: { name: 'Line Vestergaard', email: 'line@example.dk', phone: '40506070' },
  signingParty: { name: 'Rasmus Kjær', email: 'rasmus@example.dk', phone: '41516171' },
  invoiceAddress: { street: 'Åboulevarden 22', zip: '8000', city: 'Aarhus C' },
  invoiceFormat: 'paper',
  ean: null,
  invoiceEmail: null,
  referenceType: 'reference',
  employeeNumbers: [],
  reference: 'KS-BRILLER',
  ...choice,
  price: companyPrice(choice),
  status: 'Created',
  createdAt: '2026-11-20T10:00:00.000Z',
  signedBy: null,
  signedAt: null,
  terminatedAt: null,
};
const view = (role: ContractView['role'], c: Partial<CompanyAgreement> = {}): ContractView => ({
  role,
  contract: { ...contract, ...c },
  documentPath: '/api/company/contracts/co-9/document',
  linkExpiresAt: '2026-12-22T10:00:00.000Z',
});
const TOKEN = 'a'.repeat(43);
const DOC = '<!doctype html><html lang="da"><title>Brilleaftale</title><h1>Brilleaftale for Kattegat Software ApS</h1></html>';

/** The mailed link as the browser opens it: the page's address, fragment and all. */
const openLink = (url: string) => window.history.replaceState(null, '', url);

afterEach(() => {
  forgetLinkToken();
  openLink('/');
  vi.restoreAllMocks();
});

describe('signing page (/b2b/underskrive-kontrakt)', () => {
  it('says what to do when the link has no token, without calling the API', () => {
    openLink('/b2b/underskrive-kontrakt');
    const api = fakeApi({});
    render(<SignContractPage api={api as unknown as CompanyApi} />);
    expect(screen.getByRole('alert').textContent).toBe('Linket mangler en kode. Brug linket fra e-mailen om aftalen.');
    expect(screen.getByRole('link', { name: 'Opret en brilleaftale' }).getAttribute('href')).toBe('/b2b/ny-aftale');
    expect(api.post).not.toHaveBeenCalled();
  });

  it('reads the token from the fragment, takes it out of the address bar, and keeps it in memory for the visit', async () => {
    openLink(`/b2b/underskrive-kontrakt#t=${TOKEN}`);
    const api = fakeApi({ '/api/company/sign/lookup': () => ({ status: 200, body: { data: view('viewer') } }) });
    render(<SignContractPage api={api as unknown as CompanyApi} />);
    expect(await screen.findByText('Oprettet – afventer underskrift')).toBeDefined();
    expect(api.post.mock.calls[0]![1]).toBe('/api/company/sign/lookup');
    expect(api.post.mock.calls[0]![2]).toEqual({ token: TOKEN });
    expect(window.location.hash).toBe('');
    expect(window.location.href).toBe('http://localhost:3000/b2b/underskrive-kontrakt');
    expect(screen.getByText('Linket fra e-mailen udløber tirsdag 22. december 2026.')).toBeDefined();
    // The page shown again in this visit (the address no longer has the token) still opens the agreement.
    cleanup();
    render(<SignContractPage api={api as unknown as CompanyApi} />);
    expect(await screen.findByText('Oprettet – afventer underskrift')).toBeDefined();
    expect(api.post.mock.calls[1]![2]).toEqual({ token: TOKEN });
  });

  it('accepts a link mailed before, with the token in the query string, and strips it from the address', async () => {
    openLink(`/b2b/underskrive-kontrakt?token=${TOKEN}&kilde=mail`);
    const api = fakeApi({ '/api/company/sign/lookup': () => ({ status: 200, body: { data: view('viewer') } }) });
    render(<SignContractPage api={api as unknown as CompanyApi} />);
    expect(await screen.findByText('Oprettet – afventer underskrift')).toBeDefined();
    expect(api.post.mock.calls[0]![2]).toEqual({ token: TOKEN });
    expect(window.location.search).toBe('?kilde=mail');
    expect(window.location.href).not.toContain(TOKEN);
  });

  it('shows the agreement and signs it with the typed name and consent; the API’s refusal lands on the field', async () => {
    let signs = 0;
    const api = fakeApi({
      '/api/company/sign/lookup': () => ({ status: 200, body: { data: view('signer') } }),
      '/api/company/sign': (body) => {
        signs += 1;
        if ((body as { name: string }).name !== 'Rasmus Kjær') return refused(400, 'Ret fejlene, og prøv igen.', { name: 'Skriv dit fulde navn, som det står i aftalen: Rasmus Kjær.' });
        return { status: 200, body: { data: view('signer', { status: 'Active', signedBy: 'Rasmus Kjær', signedAt: '2026-11-22T10:00:00.000Z' }) } };
      },
    });
    openLink(`/b2b/underskrive-kontrakt#t=${TOKEN}`);
    render(<SignContractPage api={api as unknown as CompanyApi} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Underskriv brilleaftalen' })).toBeDefined();
    // The heading shows while the agreement loads; wait for the agreement itself.
    expect(await screen.findByText('Oprettet – afventer underskrift')).toBeDefined();
    expect(api.post.mock.calls[0]![2]).toEqual({ token: TOKEN });
    // plus glass 1.500 + basis frame 600 + photochromic 900 + exam 450.
    expect(screen.getByRole('table').textContent).toContain(`I alt pr. medarbejder${formatDkk(60_000)}${formatDkk(345_000)}`);

    // Without consent nothing is sent.
    type('Dit fulde navn', 'Line Vestergaard');
    fireEvent.click(screen.getByRole('button', { name: 'Underskriv aftalen' }));
    expect(await screen.findByText('Du skal bekræfte, at du har læst aftalen og må underskrive for virksomheden.')).toBeDefined();
    expect(signs).toBe(0);
    fireEvent.click(screen.getByLabelText('Jeg har læst aftalen og må underskrive den på vegne af Kattegat Software ApS.'));
    fireEvent.click(screen.getByRole('button', { name: 'Underskriv aftalen' }));
    expect(await screen.findByText('Skriv dit fulde navn, som det står i aftalen: Rasmus Kjær.')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Dit fulde navn')));

    type('Dit fulde navn', 'Rasmus Kjær');
    fireEvent.click(screen.getByRole('button', { name: 'Underskriv aftalen' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Tak! Aftalen er underskrevet og nu aktiv. Vi har sendt en bekræftelse til kontaktpersonen (line@example.dk) og dig.');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(screen.getByText('Aktiv')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Underskriv aftalen' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Opsig aftalen' })).toBeDefined();
    expect(signs).toBe(2);
    expect(api.post.mock.calls.filter((c) => c[1] === '/api/company/sign').every((c) => (c[2] as { token: string }).token === TOKEN)).toBe(true);
  });

  it('opens the printable contract from a POST with the token in the body, as a blob URL in a new window', async () => {
    const api = fakeApi({
      '/api/company/sign/lookup': () => ({ status: 200, body: { data: view('viewer') } }),
      '/api/company/contracts/co-9/document': () => ({ status: 200, body: { data: { html: DOC } } }),
    });
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => (blobs.push(b), `blob:http://localhost:3000/doc-${blobs.length}`));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const win = { opener: {}, close: vi.fn(), location: { replace: vi.fn() }, document: { title: '', body: { textContent: '' } } };
    const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    openLink(`/b2b/underskrive-kontrakt#t=${TOKEN}`);
    render(<SignContractPage api={api as unknown as CompanyApi} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Åbn kontrakten som printbar side' }));
    await waitFor(() => expect(win.location.replace).toHaveBeenCalledWith('blob:http://localhost:3000/doc-1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(win.opener).toBeNull();
    const call = api.post.mock.calls.find((c) => String(c[1]).includes('/document'))!;
    expect(call[1]).toBe('/api/company/contracts/co-9/document');
    expect(call[2]).toEqual({ token: TOKEN });
    expect(blobs[0]!.type).toBe('text/html;charset=utf-8');
    const text = await new Promise<unknown>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(blobs[0]!);
    });
    expect(text).toBe(DOC);

    // A blocked popup: a link to the same document instead.
    open.mockReturnValue(null);
    fireEvent.click(screen.getByRole('button', { name: 'Åbn kontrakten som printbar side' }));
    expect((await screen.findByRole('link', { name: 'Åbn kontrakten her' })).getAttribute('href')).toBe('blob:http://localhost:3000/doc-2');
  });

  it('lets the signing party terminate an active agreement after confirming (a link with the older #token= fragment)', async () => {
    const api = fakeApi({
      '/api/company/sign/lookup': () => ({ status: 200, body: { data: view('signer', { status: 'Active', signedBy: 'Rasmus Kjær', signedAt: '2026-11-21T10:00:00.000Z' }) } }),
      '/api/company/terminate': () => ({ status: 200, body: { data: view('signer', { status: 'Terminated', signedAt: '2026-11-21T10:00:00.000Z', terminatedAt: '2026-11-22T10:00:00.000Z' }) } }),
    });
    openLink(`/b2b/underskrive-kontrakt#token=${TOKEN}`);
    render(<SignContractPage api={api as unknown as CompanyApi} />);
    expect(await screen.findByText('Underskrevet af Rasmus Kjær lørdag 21. november 2026.')).toBeDefined();
    expect(window.location.hash).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Opsig aftalen' }));
    expect(await screen.findByText('Bekræft, at aftalen skal opsiges.')).toBeDefined();
    fireEvent.click(screen.getByLabelText('Ja, opsig brilleaftalen for Kattegat Software ApS.'));
    fireEvent.click(screen.getByRole('button', { name: 'Opsig aftalen' }));
    expect((await screen.findByRole('status')).textContent).toBe('Aftalen er opsagt. Vi har sendt en bekræftelse til kontaktpersonen og dig.');
    expect(screen.getByText('Opsagt søndag 22. november 2026.')).toBeDefined();
    expect(api.post.mock.calls.at(-1)![2]).toEqual({ token: TOKEN, confirm: true });
  });

  it('shows the contact’s copy read-only, an unknown link’s message, and an expired link’s', async () => {
    const expired = 'b'.repeat(43);
    const api = fakeApi({
      '/api/company/sign/lookup': (body) => {
        const { token } = body as { token: string };
        if (token === TOKEN) return { status: 200, body: { data: view('viewer') } };
        return token === expired ? refused(410, 'Linket er udløbet. Skriv til erhverv@profil-optik.example.') : refused(404, 'Linket er ugyldigt.');
      },
    });
    openLink(`/b2b/underskrive-kontrakt#t=${TOKEN}`);
    render(<SignContractPage api={api as unknown as CompanyApi} />);
    expect(await screen.findByText('Du ser kontaktpersonens kopi. Rasmus Kjær har fået sit eget link til at underskrive.')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Brilleaftale');
    expect(screen.queryByRole('button', { name: 'Underskriv aftalen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Opsig aftalen' })).toBeNull();
    cleanup();
    openLink(`/b2b/underskrive-kontrakt#t=${'c'.repeat(43)}`);
    render(<SignContractPage api={api as unknown as CompanyApi} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Linket er ugyldigt.');
    cleanup();
    openLink(`/b2b/underskrive-kontrakt#t=${expired}`);
    render(<SignContractPage api={api as unknown as CompanyApi} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Linket er udløbet. Skriv til erhverv@profil-optik.example.');
    expect(screen.queryByRole('button', { name: 'Prøv igen' })).toBeNull();
  });
});

describe('eye-health day page (/b2b/øjehelsedag)', () => {
  it('checks the dates against today before sending, then confirms', async () => {
    const api = fakeApi({
      '/api/company/eye-health-days': (body) => ({
        status: 201,
        body: { data: { ...(body as object), id: 'ohd-1', organisationNumber: '16-59-75-89', companyName: 'Fjordby Kommune', note: '', status: 'requested', createdAt: '2026-11-22T10:00:00.000Z' } },
      }),
    });
    render(<EyeHealthDayPage api={api as unknown as CompanyApi} today="2026-11-22" />);
    expect(screen.getByText('Vælg en periode på højst 60 dage. Første mulige dato er søndag 6. december 2026.')).toBeDefined();
    type('CVR-nummer', '16597589');
    type('Fra dato', '2026-12-01');
    type('Til dato', '2026-12-10');
    type('Antal medarbejdere', '120');
    type('Vej og nummer', 'Kirketorvet 22');
    type('Postnummer', '7100');
    expect((screen.getByLabelText('By') as HTMLInputElement).value).toBe('Vejle');
    type('Fulde navn', 'Anne Lund');
    type('E-mail', 'anne@example.dk');
    type('Telefon', '50607080');
    fireEvent.click(screen.getByRole('button', { name: 'Send forespørgsel' }));
    expect(await screen.findByText('Vælg en dato fra søndag 6. december 2026 eller senere – vi skal bruge mindst 14 dage til planlægningen.')).toBeDefined();
    expect(api.post).not.toHaveBeenCalled();

    type('Fra dato', '2027-01-11');
    type('Til dato', '2027-01-22');
    fireEvent.click(screen.getByRole('button', { name: 'Send forespørgsel' }));
    const sent = await screen.findByRole('status');
    expect(sent.textContent).toBe(
      'Tak! Vi har modtaget ønsket om en øjensundhedsdag hos Fjordby Kommune og sendt en bekræftelse til anne@example.dk. En optiker ringer inden for tre hverdage.',
    );
    await waitFor(() => expect(document.activeElement).toBe(sent));
    expect(api.post.mock.calls[0]![2]).toMatchObject({ organisationNumber: '16597589', employees: 120, location: { city: 'Vejle' } });

    // Another request starts from an empty form.
    fireEvent.click(screen.getByRole('button', { name: 'Send en ny forespørgsel' }));
    for (const label of ['CVR-nummer', 'Fra dato', 'By', 'Fulde navn']) expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
  });
});

describe('e-requisition page (/b2b/rekvisition)', () => {
  const store = (id: string, name: string) => ({ id, name, street: 'Gade 1', postcode: '1360', city: 'København K' }) as Store;
  function setup(answer: (body: unknown) => { status: number; body: unknown }) {
    const api = fakeApi({ '/api/company/requisitions': answer });
    const withStores = { ...api, getStores: async () => ({ ok: true as const, status: 200, data: { data: [store('st-002', 'Profil Optik Strøget'), store('st-001', 'Profil Optik København K')] } }) };
    render(<RequisitionPage api={withStores as unknown as RequisitionApi} />);
    return api;
  }

  it('refuses missing answers before sending and shows the API’s answer on the field', async () => {
    const api = setup(() => refused(400, 'Ret fejlene, og prøv igen.', { employeeReference: 'Medarbejdernummeret findes ikke i aftalen. Kontrollér det med din arbejdsgiver.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send rekvisition' }));
    expect(await screen.findByText('Vælg, om rekvisitionen gælder briller eller en synsprøve.')).toBeDefined();
    expect(screen.getByText('Vælg en butik.')).toBeDefined();
    expect(api.post).not.toHaveBeenCalled();
    type('Arbejdsgiverens CVR-nummer', '29446423');
    type('Medarbejdernummer eller reference', 'M-9999');
    type('Dit fulde navn', 'Mette Jensen');
    type('Din e-mail', 'kunde@example.dk');
    fireEvent.click(screen.getByLabelText('Briller efter aftalen'));
    await screen.findByRole('option', { name: /København K – Gade 1/ });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Vælg butik', 'Profil Optik København K – Gade 1, 1360 København K', 'Profil Optik Strøget – Gade 1, 1360 København K']);
    fireEvent.change(screen.getByLabelText('Butik'), { target: { value: 'st-001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send rekvisition' }));
    expect(await screen.findByText('Medarbejdernummeret findes ikke i aftalen. Kontrollér det med din arbejdsgiver.')).toBeDefined();
    expect((screen.getByLabelText('Dit fulde navn') as HTMLInputElement).value).toBe('Mette Jensen');
  });

  it('confirms an exam requisition with the store, the cover and the way to book the exam', async () => {
    setup(() => ({
      status: 201,
      body: { data: { id: 'rq-1', kind: 'exam', companyName: 'Nordhavn Logistik A/S', employeeName: 'Mette Jensen', storeId: 'st-001', storeName: 'Profil Optik København K', maxAmount: 45_000, status: 'pending', requestedAt: '2026-11-22T10:00:00.000Z' } },
    }));
    type('Arbejdsgiverens CVR-nummer', '29446423');
    type('Medarbejdernummer eller reference', 'M-1210');
    type('Dit fulde navn', 'Mette Jensen');
    type('Din e-mail', 'kunde@example.dk');
    fireEvent.click(screen.getByLabelText('Synsprøve til skærmarbejde'));
    await screen.findByRole('option', { name: /Strøget/ });
    fireEvent.change(screen.getByLabelText('Butik'), { target: { value: 'st-001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send rekvisition' }));
    const sent = await screen.findByRole('status');
    expect(sent.textContent).toBe('Tak! Din rekvisition er sendt til Profil Optik København K. Butikschefen godkender den, og du får svar på e-mail.');
    await waitFor(() => expect(document.activeElement).toBe(sent));
    expect(screen.getByText('Aftalen dækker op til 450,00 kr.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Book tid til synsprøven' }).getAttribute('href')).toBe('/bestil-tid-til-synstest');

    // Another requisition keeps who and where, and asks again what it is for.
    fireEvent.click(screen.getByRole('button', { name: 'Send en ny rekvisition' }));
    expect((screen.getByLabelText('Dit fulde navn') as HTMLInputElement).value).toBe('Mette Jensen');
    expect((screen.getByLabelText('Synsprøve til skærmarbejde') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Butik') as HTMLSelectElement).value).toBe('st-001');
  });
});

describe('company front page (/b2b, issue 16)', () => {
  it('says what a company agreement is and links to start one, to e-requisitions and to an eye-health day', async () => {
    const { CompanyLandingPage } = await import('./landing-page');
    render(<CompanyLandingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Brilleaftaler for virksomheder' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Sådan fungerer en brilleaftale' })).toBeDefined();
    expect(screen.getByText(/fototrope glas/)).toBeDefined();
    expect(screen.getByRole('link', { name: 'Opret en brilleaftale' }).getAttribute('href')).toBe('/b2b/ny-aftale');
    expect(screen.getByRole('link', { name: 'Bestil briller med e-rekvisition' }).getAttribute('href')).toBe('/b2b/rekvisition');
    expect(screen.getByRole('link', { name: 'Book en øjensundhedsdag' }).getAttribute('href')).toBe('/b2b/øjehelsedag');
    expect(document.title).toMatch(/^Brilleaftaler for virksomheder/);
  });
});
