import { companyPrice, type CompanyAgreement } from '@optik/shared';
import { hashToken } from '../http/identity';
import { contractLinkToken } from '../modules/company/service';
import { companyContractsCollection, type CompanyContractRecord } from '../modules/company/records';
import { LOCAL_REGISTRY } from '../ports/company-registry';
import type { Storage } from '../storage/port';

type Seeded = Omit<CompanyAgreement, 'price' | 'companyName' | 'companyAddress'>;

const person = (name: string, email: string, phone: string) => ({ name, email, phone });

/** The employees of the seeded requisitions (seed/requisitions.ts), more colleagues, and the demo customer Mette Jensen (M-1210). */
const NORDHAVN_EMPLOYEES = ['M-1042', 'M-1077', 'M-1103', 'M-1131', 'M-1150', 'M-1188', ...Array.from({ length: 16 }, (_, i) => `M-${1200 + i}`)];

const CONTRACTS: Seeded[] = [
  {
    // The agreement behind the seeded requisitions; its contact is the demo company account firma@example.dk.
    id: 'co-001',
    organisationNumber: '29-44-64-23',
    contactPerson: person('Camilla Thomsen', 'firma@example.dk', '23334353'),
    signingParty: person('Jens Nørgaard', 'jens.norgaard@example.dk', '23334354'),
    invoiceAddress: { street: 'Sundkaj 125', zip: '2150', city: 'Nordhavn' },
    invoiceFormat: 'pdf',
    ean: null,
    invoiceEmail: 'bogholderi@example.dk',
    referenceType: 'employee-number',
    employeeNumbers: NORDHAVN_EMPLOYEES,
    reference: null,
    glassLevel: 'plus',
    frameLevel: 'plus',
    protectiveGlasses: true,
    photochromic: false,
    status: 'Active',
    createdAt: '2026-08-14T08:30:00.000Z',
    signedBy: 'Jens Nørgaard',
    signedAt: '2026-08-18T12:05:00.000Z',
    terminatedAt: null,
  },
  {
    // Waiting for its signature: the signing link works with the app's secret.
    id: 'co-002',
    organisationNumber: '66-93-26-21',
    contactPerson: person('Line Vestergaard', 'line.vestergaard@example.dk', '40506070'),
    signingParty: person('Rasmus Kjær', 'rasmus.kjaer@example.dk', '41516171'),
    invoiceAddress: { street: 'Åboulevarden 22', zip: '8000', city: 'Aarhus C' },
    invoiceFormat: 'paper',
    ean: null,
    invoiceEmail: null,
    referenceType: 'reference',
    employeeNumbers: [],
    reference: 'KS-BRILLER',
    glassLevel: 'basis',
    frameLevel: 'plus',
    protectiveGlasses: false,
    photochromic: false,
    status: 'Created',
    createdAt: '2026-11-20T10:15:00.000Z',
    signedBy: null,
    signedAt: null,
    terminatedAt: null,
  },
  {
    // Public sector: e-invoice to an EAN number; employees quote the shared reference.
    id: 'co-003',
    organisationNumber: '16-59-75-89',
    contactPerson: person('Anne Lund', 'anne.lund@example.dk', '50607080'),
    signingParty: person('Peter Holm', 'peter.holm@example.dk', '51617181'),
    invoiceAddress: { street: 'Rådhustorvet 1', zip: '7100', city: 'Vejle' },
    invoiceFormat: 'e-invoice',
    ean: '5798000187658',
    invoiceEmail: null,
    referenceType: 'reference',
    employeeNumbers: [],
    reference: 'FJK-2026',
    glassLevel: 'premium',
    frameLevel: 'basis',
    protectiveGlasses: false,
    photochromic: true,
    status: 'Active',
    createdAt: '2026-02-20T09:00:00.000Z',
    signedBy: 'Peter Holm',
    signedAt: '2026-03-01T08:00:00.000Z',
    terminatedAt: null,
  },
];

/**
 * Demo company agreements (README: company contact firma@example.dk). Without `secret` the
 * links of the seeded agreements do not open (their hashes match no token).
 */
export function generateCompanyContracts(secret?: string): CompanyContractRecord[] {
  return CONTRACTS.map((c) => {
    const digits = c.organisationNumber.replace(/-/g, '');
    const row = LOCAL_REGISTRY.find(([cvr]) => cvr === digits);
    if (!row) throw new Error(`seed: ${c.organisationNumber} is not in the local company registry`);
    const [, name, street, zip, city] = row;
    const hash = (purpose: 'sign' | 'view') => (secret ? hashToken(contractLinkToken(secret, c.id, purpose)) : `unset:${purpose}:${c.id}`);
    return { ...c, companyName: name, companyAddress: { street, zip, city }, price: companyPrice(c), signTokenHash: hash('sign'), viewTokenHash: hash('view') };
  });
}

export async function seedCompany(storage: Storage, secret?: string): Promise<void> {
  await storage.collection(companyContractsCollection).putMany(generateCompanyContracts(secret));
}
