import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { companyContractRequestSchema, type CompanyContractRequest } from '@optik/shared';
import { createLocalCompanyRegistry } from '../../ports/company-registry';
import { createMemoryMailer } from '../../ports/mail';
import { openPostgresStorage } from '../../storage/postgres';
import { testConfig } from '../../test/harness';
import { freshDatabase, stopTestPostgres } from '../../test/postgres';
import { companyContractsCollection } from './records';
import { CompanyService } from './service';

afterAll(() => stopTestPostgres());

const wizard: CompanyContractRequest = {
  organisationNumber: '66-93-26-21',
  contactPerson: { name: 'Line Vestergaard', email: 'line@example.dk', phone: '40506070' },
  signingParty: { name: 'Rasmus Kjær', email: 'rasmus@example.dk', phone: '41516171' },
  invoiceAddress: { street: 'Åboulevarden 22', zip: '8000', city: 'Aarhus C' },
  invoiceFormat: 'paper',
  referenceType: 'none',
  employeeNumbers: [],
  glassLevel: 'basis',
  frameLevel: 'basis',
  protectiveGlasses: false,
  photochromic: false,
};

describe('company agreements on PostgreSQL, two instances', () => {
  it('agreements for one company created at once leave exactly one unsigned agreement whose links stand (the declared index)', async () => {
    const db = await freshDatabase();
    const open = () => openPostgresStorage({ url: db.url, collections: [companyContractsCollection], poolSize: 6 });
    const [a, b] = await Promise.all([open(), open()]);
    try {
      const clock = { now: () => new Date('2026-11-26T10:00:00Z') };
      const service = (storage: typeof a) =>
        new CompanyService({
          storage,
          clock,
          config: testConfig,
          mailer: createMemoryMailer(),
          registry: createLocalCompanyRegistry(),
          logger: pino({ level: 'silent' }),
          catalogue: { store: async () => undefined },
          requisitions: { get: async () => undefined, add: async (r) => r },
        });
      const services = [service(a), service(b)];
      const answers = companyContractRequestSchema.parse(wizard);
      const created = await Promise.all(Array.from({ length: 8 }, (_, i) => services[i % 2]!.createContract(answers)));
      const stored = await a.collection(companyContractsCollection).all();
      expect(stored).toHaveLength(8);
      const standing = stored.filter((c) => !c.replacedBy);
      expect(standing).toHaveLength(1);
      expect(await b.collection(companyContractsCollection).list('pendingByOrganisation', '66-93-26-21')).toEqual(standing);
      // Every replaced one names a newer agreement of the company.
      const ids = new Set(created.map((c) => c.id));
      for (const c of stored.filter((x) => x.replacedBy)) expect(ids.has(c.replacedBy!)).toBe(true);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
