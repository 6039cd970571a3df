import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { companyContractRequestSchema, companyLookupQuerySchema, contractSignRequestSchema, eyeHealthDayRequestSchema, type CompanyContractRequest } from './company';

/** First message per field, as the API reports them. */
function fields(r: { success: boolean; error?: z.core.$ZodError }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

const person = (name: string, email: string) => ({ name, email, phone: '20 30 40 50' });
const answers: CompanyContractRequest = {
  organisationNumber: 'DK 29 44 64 23',
  contactPerson: person('Camilla Thomsen', 'Firma@Example.dk '),
  signingParty: person('Jens Nørgaard', 'jens@example.dk'),
  invoiceAddress: { street: 'Sundkaj 125', zip: '2150', city: 'Nordhavn' },
  invoiceFormat: 'paper',
  referenceType: 'employee-number',
  employeeNumbers: ['m-1042', 'M-1042', ' M-1077 '],
  glassLevel: 'plus',
  frameLevel: 'basis',
};

describe('companyContractRequestSchema (the wizard)', () => {
  it('normalises the organisation number, e-mails and employee numbers and drops details the formats do not use', () => {
    const r = companyContractRequestSchema.parse({ ...answers, ean: '5798000187658', invoiceEmail: 'x@example.dk', reference: 'ignored' });
    expect(r).toMatchObject({
      organisationNumber: '29-44-64-23',
      contactPerson: { email: 'firma@example.dk', phone: '20304050' },
      employeeNumbers: ['M-1042', 'M-1077'],
      ean: null,
      invoiceEmail: null,
      reference: null,
      protectiveGlasses: false,
      photochromic: false,
    });
  });

  it('needs a valid EAN for an e-invoice and keeps its digits', () => {
    expect(fields(companyContractRequestSchema.safeParse({ ...answers, invoiceFormat: 'e-invoice' }))).toEqual({ ean: 'Skal udfyldes.' });
    expect(fields(companyContractRequestSchema.safeParse({ ...answers, invoiceFormat: 'e-invoice', ean: '5798000187659' }))).toEqual({
      ean: 'EAN-nummeret er ikke gyldigt. Kontrollér cifrene (det sidste er et kontrolciffer).',
    });
    expect(companyContractRequestSchema.parse({ ...answers, invoiceFormat: 'e-invoice', ean: '5798 0001 8765 8' }).ean).toBe('5798000187658');
  });

  it('needs an e-mail for a PDF invoice, employee numbers or a reference as the reference type says', () => {
    expect(fields(companyContractRequestSchema.safeParse({ ...answers, invoiceFormat: 'pdf', invoiceEmail: '' }))).toEqual({ invoiceEmail: 'Skriv den e-mail, PDF-fakturaen skal sendes til.' });
    expect(fields(companyContractRequestSchema.safeParse({ ...answers, invoiceFormat: 'pdf', invoiceEmail: 'faktura@' }))).toEqual({ invoiceEmail: 'E-mail skal indeholde @ og et domæne.' });
    expect(fields(companyContractRequestSchema.safeParse({ ...answers, employeeNumbers: [] }))).toEqual({ employeeNumbers: 'Skriv mindst ét medarbejdernummer.' });
    expect(fields(companyContractRequestSchema.safeParse({ ...answers, employeeNumbers: ['M 1'] })).employeeNumbers).toContain('"M 1"');
    expect(fields(companyContractRequestSchema.safeParse({ ...answers, referenceType: 'reference' }))).toEqual({ reference: 'Skriv den reference, medarbejderne skal oplyse.' });
    expect(companyContractRequestSchema.parse({ ...answers, referenceType: 'reference', reference: ' FJK-2026 ' })).toMatchObject({ reference: 'FJK-2026', employeeNumbers: [] });
  });

  it('reports every step’s problems at once, each on its field', () => {
    const r = companyContractRequestSchema.safeParse({ ...answers, organisationNumber: '13585627', invoiceAddress: { street: '', zip: '9999', city: 'X' }, invoiceFormat: 'e-invoice', ean: '123', glassLevel: undefined });
    expect(fields(r)).toEqual({
      organisationNumber: 'CVR-nummeret er ikke gyldigt. Kontrollér cifrene.',
      'invoiceAddress.street': 'Skal udfyldes.',
      'invoiceAddress.zip': 'Ugyldigt postnummer.',
      ean: 'EAN-nummeret skal have 13 cifre.',
      glassLevel: 'Vælg et niveau.',
    });
  });
});

describe('the other company requests', () => {
  it('looks up by CVR in any accepted spelling', () => {
    expect(companyLookupQuerySchema.parse({ cvr: '29446423' })).toEqual({ cvr: '29-44-64-23' });
    expect(fields(companyLookupQuerySchema.safeParse({ cvr: '2944' }))).toEqual({ cvr: 'CVR-nummeret skal have 8 cifre (NN-NN-NN-NN).' });
  });

  it('signs only with a name and the consent', () => {
    expect(fields(contractSignRequestSchema.safeParse({ token: 'x'.repeat(40), name: '', consent: false }))).toEqual({
      name: 'Skal udfyldes.',
      consent: 'Du skal bekræfte, at du har læst aftalen og må underskrive for virksomheden.',
    });
  });

  it('checks the eye-health day dates and head count', () => {
    const day = { organisationNumber: '29446423', dateFrom: '2027-01-12', dateTo: '2027-01-11', employees: 3, location: answers.invoiceAddress, contact: answers.contactPerson };
    expect(fields(eyeHealthDayRequestSchema.safeParse(day))).toEqual({
      employees: 'Antal medarbejdere skal være et helt tal fra 5 til 5.000.',
      dateTo: 'Slutdatoen skal være samme dag som eller efter startdatoen.',
    });
    expect(fields(eyeHealthDayRequestSchema.safeParse({ ...day, dateFrom: '2027-02-30', dateTo: '', employees: 40 }))).toEqual({
      dateFrom: 'Datoen skal skrives som ÅÅÅÅ-MM-DD og findes i kalenderen.',
      dateTo: 'Skal udfyldes.',
    });
  });
});
