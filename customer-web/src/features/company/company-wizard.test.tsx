import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { companyContractRequestSchema, companyPrice, parseOrgNumber, type CompanyAgreement, type CompanyRegistryEntry } from '@optik/shared';
import { CompanyWizard, type CompanyApi } from './company-wizard';
import { fakeApi, refused } from './test-api';
import { ct } from './messages';

afterEach(cleanup);

const NORDHAVN: CompanyRegistryEntry = { organisationNumber: '29-44-64-23', name: 'Nordhavn Logistik A/S', street: 'Sundkaj 125', zip: '2150', city: 'Nordhavn', productionUnits: [] };

function setup() {
  const api = fakeApi({
    '/api/company/lookup': (_b, path) => (path.endsWith('29446423') ? { status: 200, body: { data: NORDHAVN } } : refused(404, 'Virksomheden blev ikke fundet.')),
    '/api/company/contracts': (body) => {
      const answers = companyContractRequestSchema.parse(body);
      const contract: CompanyAgreement = {
        ...answers,
        id: 'co-new',
        companyName: NORDHAVN.name,
        companyAddress: { street: NORDHAVN.street, zip: NORDHAVN.zip, city: NORDHAVN.city },
        price: companyPrice(answers),
        status: 'Created',
        createdAt: '2026-11-22T10:00:00.000Z',
        signedBy: null,
        signedAt: null,
        terminatedAt: null,
      };
      return { status: 201, body: { data: contract } };
    },
  });
  render(
    <Provider>
      <CompanyWizard api={api as unknown as CompanyApi} />
    </Provider>,
  );
  return api;
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Næste' }));
const heading = (name: RegExp) => screen.findByRole('heading', { level: 2, name });

describe('company wizard', () => {
  it('looks up the organisation number: a bad number and an unknown company are told on the field, the number kept', async () => {
    const api = setup();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Trin 1 af 6 Virksomhed');
    type('CVR-nummer', '13585627');
    next();
    expect(await screen.findByText('CVR-nummeret er ikke gyldigt. Kontrollér cifrene.')).toBeDefined();
    expect(api.get).not.toHaveBeenCalled();
    type('CVR-nummer', '13-74-81-36');
    next();
    expect(await screen.findByText('Virksomheden blev ikke fundet.')).toBeDefined();
    const field = screen.getByLabelText('CVR-nummer') as HTMLInputElement;
    expect(field.value).toBe('13-74-81-36');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it("accepts the hint's own example (issue 16): it passes the CVR check and is looked up", async () => {
    const api = setup();
    const example = /fx (\d{2}-\d{2}-\d{2}-\d{2})/.exec(ct.wizard.cvrHint)?.[1];
    expect(example).toBeDefined();
    expect(parseOrgNumber(example!).ok).toBe(true);
    type('CVR-nummer', example!);
    next();
    await waitFor(() => expect(api.get).toHaveBeenCalled());
    expect(screen.queryByText(/CVR-nummeret/)).toBeNull();
  });

  it('goes step by step with focus on each heading, keeps answers on back, and shows the price per employee before creating', async () => {
    const api = setup();
    type('CVR-nummer', 'DK 29446423');
    next();
    const step2 = await heading(/Trin 2 af 6/);
    await waitFor(() => expect(document.activeElement).toBe(step2));
    expect(screen.getByText('Nordhavn Logistik A/S')).toBeDefined();

    // Empty fields are refused with their messages; focus goes to the first.
    next();
    expect(await screen.findAllByText('Skal udfyldes.')).toHaveLength(6);
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByLabelText('Fulde navn')[0]));
    fireEvent.click(screen.getByLabelText('Kontaktpersonen underskriver selv'));
    type('Fulde navn', 'Camilla Thomsen');
    type('E-mail', 'firma@example.dk');
    type('Telefon', '23 33 43 53');
    next();

    await heading(/Trin 3 af 6 Faktura/);
    // The registered address is the invoice address.
    expect((screen.getByLabelText('Vej og nummer') as HTMLInputElement).value).toBe('Sundkaj 125');
    fireEvent.click(screen.getByLabelText(/Elektronisk faktura/));
    type('EAN-nummer', '5798000187659');
    next();
    expect(await screen.findByText('EAN-nummeret er ikke gyldigt. Kontrollér cifrene (det sidste er et kontrolciffer).')).toBeDefined();

    // Back and forth keeps every answer.
    fireEvent.click(screen.getByRole('button', { name: 'Tilbage' }));
    await heading(/Trin 2 af 6/);
    expect((screen.getByLabelText('Fulde navn') as HTMLInputElement).value).toBe('Camilla Thomsen');
    next();
    await heading(/Trin 3 af 6/);
    expect((screen.getByLabelText('EAN-nummer') as HTMLInputElement).value).toBe('5798000187659');
    type('EAN-nummer', '5798 0001 8765 8');
    next();

    await heading(/Trin 4 af 6 Reference/);
    fireEvent.click(screen.getByLabelText('Med medarbejdernummer'));
    type('Medarbejdernumre', 'M-1042\nM-1077, M-1042');
    expect(screen.getByText(/2 medarbejdernumre/)).toBeDefined();
    next();

    await heading(/Trin 5 af 6 Briller og glas/);
    expect(screen.getByText('Vælg glas- og stelniveau for at se prisen pr. medarbejder.')).toBeDefined();
    fireEvent.click(screen.getAllByLabelText(/^Plus/)[0]!);
    fireEvent.click(screen.getAllByLabelText(/^Basis/)[1]!);
    fireEvent.click(screen.getByLabelText(/Beskyttelsesglas/));
    // plus glass 1.500 + basis frame 600 + protective 750 + exam 450.
    expect(screen.getByText('3.300,00 kr.', { selector: 'strong' })).toBeDefined();
    next();

    await heading(/Trin 6 af 6 Opsummering/);
    expect(screen.getAllByText('Camilla Thomsen, firma@example.dk, tlf. 23334353')).toHaveLength(2);
    expect(screen.getByText('5798 0001 8765 8')).toBeDefined();
    expect(screen.getByRole('table', { name: 'Pris pr. medarbejder, inkl. moms' }).textContent).toContain('3.300,00');
    fireEvent.click(screen.getByRole('button', { name: 'Opret aftale og send til underskrift' }));

    expect(await screen.findByRole('heading', { name: 'Aftalen er oprettet' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('Vi har sendt kontrakten til Camilla Thomsen (firma@example.dk), som underskriver den via linket i e-mailen.');
    const body = api.post.mock.calls[0]![2] as Record<string, unknown>;
    expect(body).toMatchObject({ organisationNumber: '29-44-64-23', ean: '5798 0001 8765 8', employeeNumbers: ['M-1042', 'M-1077'], signingParty: { name: 'Camilla Thomsen' } });
  }, 30_000);

  it('goes back to the step of a field the API refuses, with its message', async () => {
    const api = setup();
    api.post.mockImplementationOnce(async () => ({ ok: false, status: 400, error: { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { 'contactPerson.email': 'E-mail skal indeholde @ og et domæne.' } } }));
    type('CVR-nummer', '29446423');
    next();
    await heading(/Trin 2 af 6/);
    fireEvent.click(screen.getByLabelText('Kontaktpersonen underskriver selv'));
    type('Fulde navn', 'Camilla Thomsen');
    type('E-mail', 'firma@example.dk');
    type('Telefon', '23334353');
    next();
    await heading(/Trin 3 af 6/);
    fireEvent.click(screen.getByLabelText('Papirfaktura med posten'));
    next();
    await heading(/Trin 4 af 6/);
    fireEvent.click(screen.getByLabelText(/fælles reference/));
    type('Reference', 'LAGER');
    next();
    await heading(/Trin 5 af 6/);
    fireEvent.click(screen.getAllByLabelText(/^Basis/)[0]!);
    fireEvent.click(screen.getAllByLabelText(/^Basis/)[1]!);
    next();
    await heading(/Trin 6 af 6/);
    fireEvent.click(screen.getByRole('button', { name: 'Opret aftale og send til underskrift' }));
    await heading(/Trin 2 af 6/);
    expect(screen.getByText('E-mail skal indeholde @ og et domæne.')).toBeDefined();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('firma@example.dk');
  }, 30_000);
});
