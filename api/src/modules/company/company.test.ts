import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import {
  companyAgreementResponseSchema,
  contractDocumentResponseSchema,
  companyLookupResponseSchema,
  contractViewResponseSchema,
  employeeRequisitionResponseSchema,
  eyeHealthDayResponseSchema,
  lookupPostcode,
  parseOrgNumber,
  requisitionListResponseSchema,
  syncResponseSchema,
  type CompanyContractRequest,
} from '@optik/shared';
import { LOCAL_REGISTRY, createLocalCompanyRegistry } from '../../ports/company-registry';
import { command, makeTestApp, shopperAgent, staffAgent, testConfig, type TestApp } from '../../test/harness';
import { RequisitionService, requisitionMessages } from '../requisitions/service';
import { requisitionsCollection } from '../requisitions/records';
import { generateCompanyContracts } from '../../seed/company';
import { LINK_DAYS } from './links';
import { companyMessages } from './messages';
import { companyContractRecordSchema, companyContractsCollection, eyeHealthDaysCollection } from './records';
import { CompanyService, contractLinkToken } from './service';

const wizard: CompanyContractRequest = {
  organisationNumber: '66-93-26-21',
  contactPerson: { name: 'Line Vestergaard', email: 'line@example.dk', phone: '40506070' },
  signingParty: { name: 'Rasmus Kjær', email: 'rasmus@example.dk', phone: '41516171' },
  invoiceAddress: { street: 'Åboulevarden 22', zip: '8000', city: 'Aarhus C' },
  invoiceFormat: 'e-invoice',
  ean: '5798 0001 8765 8',
  referenceType: 'employee-number',
  employeeNumbers: ['K-1', 'K-2', 'k-3'],
  glassLevel: 'plus',
  frameLevel: 'premium',
  protectiveGlasses: false,
  photochromic: true,
};

const tokenIn = (text: string) => /#t=([\w-]+)/.exec(text)![1]!;

/** Creates an agreement through the wizard's call; answers the agreement and the signing and contact links' tokens. */
async function createContract(t: TestApp, body: CompanyContractRequest = wizard) {
  const s = await shopperAgent(t);
  const before = t.mailer.sent.length;
  const contract = companyAgreementResponseSchema.parse((await s.post('/api/company/contracts', body).expect(201)).body).data;
  const [toSigner, toContact] = t.mailer.sent.slice(before);
  return { s, contract, signToken: tokenIn(toSigner!.text), viewToken: tokenIn(toContact!.text), toSigner: toSigner!, toContact: toContact! };
}

type Shopper = Awaited<ReturnType<typeof shopperAgent>>;
const sign = (s: Shopper, token: string, name = 'Rasmus Kjær') => s.post('/api/company/sign', { token, name, consent: true });

describe('company registry (CVR lookup)', () => {
  it('holds only companies with valid CVR numbers and known postcodes', () => {
    for (const [cvr, name, , zip, , units = []] of LOCAL_REGISTRY) {
      expect(parseOrgNumber(cvr).ok, name).toBe(true);
      expect(lookupPostcode(zip), name).toBeDefined();
      for (const u of units) expect(u[0], u[1]).toMatch(/^\d{10}$/);
    }
  });

  it('finds a company by CVR in any accepted spelling, with its production units', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const res = companyLookupResponseSchema.parse((await s.agent.get('/api/company/lookup?cvr=DK%2029%2044%2064%2023').expect(200)).body);
    expect(res.data).toMatchObject({ organisationNumber: '29-44-64-23', name: 'Nordhavn Logistik A/S', zip: '2150' });
    expect(res.data.productionUnits.map((u) => u.pNumber)).toEqual(['1018240633', '1018240722']);
    expect(await createLocalCompanyRegistry().lookup('not a number')).toBeNull();
  });

  it('answers SPEC §8 "organisation not found" for a valid but unknown CVR, and field errors for a bad one', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    expect((await s.agent.get('/api/company/lookup?cvr=13748136').expect(404)).body.error).toEqual({ code: 'not_found', message: 'Virksomheden blev ikke fundet.' });
    expect((await s.agent.get('/api/company/lookup?cvr=13585627').expect(400)).body.error.fields).toEqual({ cvr: 'CVR-nummeret er ikke gyldigt. Kontrollér cifrene.' });
    expect((await s.agent.get('/api/company/lookup').expect(400)).body.error.fields).toEqual({ cvr: 'Skal udfyldes.' });
  });
});

describe('company agreements', () => {
  it('creates an agreement from the wizard: Created, price fixed, the signing party and the contact mailed their own links', async () => {
    const t = await makeTestApp();
    const { contract, toSigner, toContact, signToken, viewToken } = await createContract(t);
    expect(contract).toMatchObject({
      organisationNumber: '66-93-26-21',
      companyName: 'Kattegat Software ApS',
      companyAddress: { street: 'Åboulevarden 22', zip: '8000', city: 'Aarhus C' },
      status: 'Created',
      ean: '5798000187658',
      invoiceEmail: null,
      employeeNumbers: ['K-1', 'K-2', 'K-3'],
      createdAt: '2026-11-22T10:00:00.000Z',
      signedAt: null,
    });
    // plus glass 1.500 + premium frame 1.600 + photochromic 900 + exam 450.
    expect(contract.price.total).toBe(445_000);
    expect(toSigner).toMatchObject({ to: 'rasmus@example.dk', subject: 'Underskriv brilleaftalen for Kattegat Software ApS' });
    // The links carry their tokens in the fragment, never in a query string; each mail says when its link expires.
    expect(toSigner.text).toContain('http://shop.test/b2b/underskrive-kontrakt#t=');
    expect(toContact.text).toContain('http://shop.test/b2b/underskrive-kontrakt#t=');
    for (const m of [toSigner, toContact]) expect(m.text).not.toMatch(/[?&]token=/);
    expect(toSigner.text).toContain('Linket udløber tirsdag 22. december 2026.');
    expect(toContact.text).toContain('Linket udløber lørdag 20. februar 2027.');
    expect(toSigner.text).toContain('Pris pr. medarbejder: 4.450,00');
    expect(toContact.to).toBe('line@example.dk');
    expect(viewToken).not.toBe(signToken);
    // Only hashes of the links are stored.
    const stored = JSON.stringify(await t.storage.collection(companyContractsCollection).get(contract.id));
    expect(stored).not.toContain(signToken);
    expect(stored).not.toContain(viewToken);
  });

  it('refuses an invalid EAN, an unknown organisation and a call without the CSRF token, creating nothing', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const count = await t.storage.collection(companyContractsCollection).count();
    expect((await s.post('/api/company/contracts', { ...wizard, ean: '5798000187659' }).expect(400)).body.error.fields).toEqual({
      ean: 'EAN-nummeret er ikke gyldigt. Kontrollér cifrene (det sidste er et kontrolciffer).',
    });
    expect((await s.post('/api/company/contracts', { ...wizard, organisationNumber: '13748136' }).expect(400)).body.error.fields).toEqual({ organisationNumber: 'Virksomheden blev ikke fundet.' });
    expect((await s.agent.post('/api/company/contracts').send(wizard).expect(403)).body.error.code).toBe('csrf_invalid');
    expect(await t.storage.collection(companyContractsCollection).count()).toBe(count);
    expect(t.mailer.sent).toEqual([]);
  });

  it('shows the contract document only with a link of that agreement in the body, escaping what the company typed', async () => {
    const t = await makeTestApp();
    const { contract, signToken, viewToken } = await createContract(t, { ...wizard, referenceType: 'reference', reference: '<script>x</script>' });
    const s = await shopperAgent(t);
    const path = `/api/company/contracts/${contract.id}/document`;
    const res = await s.post(path, { token: viewToken }).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = contractDocumentResponseSchema.parse(res.body).data.html;
    expect(html).toContain('<html lang="da">');
    expect(html).toContain('Brilleaftale for Kattegat Software ApS');
    expect(html).toContain('4.450,00');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    await s.post(path, { token: signToken }).expect(200);
    // Another agreement's link, or none, opens nothing.
    await s.post(path, { token: contractLinkToken(testConfig.secret, 'co-003', 'sign') }).expect(404);
    await s.post(path, { token: 'x'.repeat(43) }).expect(404);
    await s.post(path, {}).expect(400);
    // A token in the query string is never taken: the GET is not served, and a POST reads only its body.
    const get = await s.agent.get(`${path}?token=${viewToken}`).expect(405);
    expect(get.body.error.code).toBe('bad_request');
    expect(get.text).not.toContain('Brilleaftale');
    expect((await s.post(`${path}?token=${viewToken}`, {}).expect(400)).body.error.code).toBe('validation_failed');
  });

  it('is signed by the signing party with their name and consent: Created → Active, confirmation to the contact', async () => {
    const t = await makeTestApp();
    const { signToken, viewToken } = await createContract(t);
    const s = await shopperAgent(t);
    const view = contractViewResponseSchema.parse((await s.post('/api/company/sign/lookup', { token: signToken }).expect(200)).body).data;
    expect(view).toMatchObject({ role: 'signer', contract: { status: 'Created' } });
    // The view names where the document is asked for, without the token, and until when this link works.
    expect(view.documentPath).toBe(`/api/company/contracts/${view.contract.id}/document`);
    expect(view.linkExpiresAt).toBe('2026-12-22T10:00:00.000Z');
    expect(JSON.stringify(view)).not.toContain(signToken);
    expect((await s.post('/api/company/sign/lookup', { token: viewToken }).expect(200)).body.data.role).toBe('viewer');

    // The contact's read-only link cannot sign; a wrong name or a missing consent is refused.
    expect((await s.post('/api/company/sign', { token: viewToken, name: 'Rasmus Kjær', consent: true }).expect(403)).body.error.message).toBe(companyMessages.viewerCannotAct);
    expect((await sign(s, signToken, 'Line Vestergaard').expect(400)).body.error.fields).toEqual({ name: companyMessages.nameMismatch('Rasmus Kjær') });
    expect((await s.post('/api/company/sign', { token: signToken, name: 'Rasmus Kjær', consent: false }).expect(400)).body.error.fields.consent).toBeDefined();

    const before = t.mailer.sent.length;
    const signed = contractViewResponseSchema.parse((await sign(s, signToken, '  rasmus   kjær ').expect(200)).body).data.contract;
    expect(signed).toMatchObject({ status: 'Active', signedBy: 'rasmus kjær', signedAt: '2026-11-22T10:00:00.000Z' });
    const mails = t.mailer.sent.slice(before);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['line@example.dk', 'Brilleaftalen for Kattegat Software ApS er underskrevet og aktiv'],
      ['rasmus@example.dk', 'Brilleaftalen for Kattegat Software ApS er underskrevet og aktiv'],
    ]);
    expect(mails[0]!.text).toContain('http://shop.test/b2b/rekvisition');
    expect((await sign(s, signToken).expect(409)).body.error.message).toBe('Aftalen er allerede underskrevet.');
    expect((await s.post('/api/company/sign/lookup', { token: 'y'.repeat(43) }).expect(404)).body.error.message).toBe(companyMessages.unknownLink);
  });

  it('terminates only an active agreement, by the signing party: Active → Terminated, both mailed', async () => {
    const t = await makeTestApp();
    const { signToken, viewToken } = await createContract(t);
    const s = await shopperAgent(t);
    expect((await s.post('/api/company/terminate', { token: signToken, confirm: true }).expect(409)).body.error.message).toBe('Aftalen er ikke underskrevet endnu, så den kan ikke opsiges.');
    await sign(s, signToken).expect(200);
    expect((await s.post('/api/company/terminate', { token: viewToken, confirm: true }).expect(403)).body.error.code).toBe('forbidden');
    expect((await s.post('/api/company/terminate', { token: signToken }).expect(400)).body.error.fields).toEqual({ confirm: 'Bekræft, at aftalen skal opsiges.' });
    const before = t.mailer.sent.length;
    const ended = contractViewResponseSchema.parse((await s.post('/api/company/terminate', { token: signToken, confirm: true }).expect(200)).body).data.contract;
    expect(ended).toMatchObject({ status: 'Terminated', terminatedAt: '2026-11-22T10:00:00.000Z' });
    expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual(['line@example.dk', 'rasmus@example.dk']);
    expect((await s.post('/api/company/terminate', { token: signToken, confirm: true }).expect(409)).body.error.message).toBe('Aftalen er allerede opsagt.');
    expect((await sign(s, signToken).expect(409)).body.error.message).toBe('Aftalen er opsagt og kan ikke underskrives.');
  });

  it('keeps one active agreement per company: a second one cannot be signed while the first is active', async () => {
    const t = await makeTestApp();
    const { s, signToken } = await createContract(t, { ...wizard, organisationNumber: '29446423', signingParty: { name: 'Jens Nørgaard', email: 'jens@example.dk', phone: '23334354' } });
    expect((await sign(s, signToken, 'Jens Nørgaard').expect(409)).body.error.message).toBe(companyMessages.alreadyActive);
  });

  it('keeps one active agreement per company when two of its agreements are signed at the same moment', async () => {
    const t = await makeTestApp();
    const first = await createContract(t);
    const second = await createContract(t);
    // As two creations at the same moment could leave them: both unsigned, neither replaced.
    await t.storage.collection(companyContractsCollection).update(first.contract.id, (c) => ({ ...c, replacedBy: null }));
    const results = await Promise.all([sign(first.s, first.signToken), sign(second.s, second.signToken)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.message).toBe(companyMessages.alreadyActive);
    const active = (await t.storage.collection(companyContractsCollection).all()).filter((c) => c.organisationNumber === '66-93-26-21' && c.status === 'Active');
    expect(active).toHaveLength(1);
  });
});

const DAY = 24 * 60 * 60 * 1000;
const lookup = (s: Shopper, token: string) => s.post('/api/company/sign/lookup', { token });
const gone = (res: { status: number; body: { error: { code: string; message: string } } }) => {
  expect(res.status).toBe(410);
  expect(res.body.error.code).toBe('gone');
  return res.body.error.message;
};

describe('company links expire and are revoked (issue 15 finding 9)', () => {
  it('an unsigned agreement’s signing link stops working 30 days after it was mailed: 410, not signable', async () => {
    const t = await makeTestApp();
    const { s, contract, signToken } = await createContract(t);
    const stored = await t.storage.collection(companyContractsCollection).get(contract.id);
    expect(stored).toMatchObject({ signLinkExpiresAt: '2026-12-22T10:00:00.000Z', viewLinkExpiresAt: '2027-02-20T10:00:00.000Z', replacedBy: null });
    t.clock.advance(LINK_DAYS.unsigned * DAY - 1);
    await lookup(s, signToken).expect(200);
    t.clock.advance(1);
    expect(gone(await lookup(s, signToken))).toBe(companyMessages.signLinkExpired);
    expect(gone(await sign(s, signToken))).toBe(companyMessages.signLinkExpired);
    expect(gone(await s.post(`/api/company/contracts/${contract.id}/document`, { token: signToken }))).toBe(companyMessages.signLinkExpired);
    expect(await t.storage.collection(companyContractsCollection).get(contract.id)).toMatchObject({ status: 'Created', signedAt: null });
  });

  it('a signed agreement’s link keeps working after 30 days (for 3 years), and the contact’s link 90 days from the confirmation mail', async () => {
    const t = await makeTestApp();
    const { s, contract, signToken, viewToken } = await createContract(t);
    t.clock.advance(20 * DAY);
    await sign(s, signToken).expect(200);
    expect(await t.storage.collection(companyContractsCollection).get(contract.id)).toMatchObject({
      signLinkExpiresAt: '2029-12-11T10:00:00.000Z',
      viewLinkExpiresAt: '2027-03-12T10:00:00.000Z',
    });
    // Day 100: past the signing link's first 30 days and the contact's first 90, both still open.
    t.clock.advance(80 * DAY);
    expect(contractViewResponseSchema.parse((await lookup(s, signToken).expect(200)).body).data).toMatchObject({ role: 'signer', linkExpiresAt: '2029-12-11T10:00:00.000Z' });
    await lookup(s, viewToken).expect(200);
    await s.post(`/api/company/contracts/${contract.id}/document`, { token: signToken }).expect(200);
    // 90 days after the confirmation mail the contact's link is gone; the signer's still works.
    t.clock.advance(10 * DAY);
    expect(gone(await lookup(s, viewToken))).toBe(companyMessages.linkExpired);
    await lookup(s, signToken).expect(200);
    // Three years after signing the signer's link is gone too.
    t.clock.advance((LINK_DAYS.signed - 90) * DAY);
    expect(gone(await lookup(s, signToken))).toBe(companyMessages.linkExpired);
    expect(gone(await s.post('/api/company/terminate', { token: signToken, confirm: true }))).toBe(companyMessages.linkExpired);
  });

  it('a terminated agreement’s signing link works 90 days after the end, to read it', async () => {
    const t = await makeTestApp();
    const { s, signToken } = await createContract(t);
    await sign(s, signToken).expect(200);
    t.clock.advance(400 * DAY);
    await s.post('/api/company/terminate', { token: signToken, confirm: true }).expect(200);
    t.clock.advance(LINK_DAYS.afterEnd * DAY - 1);
    expect(contractViewResponseSchema.parse((await lookup(s, signToken).expect(200)).body).data.contract.status).toBe('Terminated');
    t.clock.advance(1);
    expect(gone(await lookup(s, signToken))).toBe(companyMessages.linkExpired);
  });

  it('the contact’s link of an unsigned agreement expires after 90 days', async () => {
    const t = await makeTestApp();
    const { s, viewToken } = await createContract(t);
    t.clock.advance(LINK_DAYS.view * DAY);
    expect(gone(await lookup(s, viewToken))).toBe(companyMessages.linkExpired);
  });

  it('a new agreement for the same company revokes the unsigned one’s links; a signed agreement keeps its own', async () => {
    const t = await makeTestApp({ config: { loginRateLimit: { windowMs: 60_000, max: 20 } } });
    const old = await createContract(t);
    const newer = await createContract(t, { ...wizard, organisationNumber: '66932621' });
    expect(await t.storage.collection(companyContractsCollection).get(old.contract.id)).toMatchObject({ status: 'Created', replacedBy: newer.contract.id });
    for (const token of [old.signToken, old.viewToken]) expect(gone(await lookup(old.s, token))).toBe(companyMessages.linkReplaced);
    expect(gone(await sign(old.s, old.signToken))).toBe(companyMessages.linkReplaced);
    expect(gone(await old.s.post(`/api/company/contracts/${old.contract.id}/document`, { token: old.viewToken }))).toBe(companyMessages.linkReplaced);
    // The seeded unsigned agreement of the same company (co-002) was replaced too.
    expect(gone(await lookup(old.s, contractLinkToken(testConfig.secret, 'co-002', 'sign')))).toBe(companyMessages.linkReplaced);
    // The newest one signs.
    await sign(newer.s, newer.signToken).expect(200);

    // A company with an active agreement (co-001): a new one leaves the active one's links working.
    await createContract(t, { ...wizard, organisationNumber: '29446423', signingParty: { name: 'Jens Nørgaard', email: 'jens@example.dk', phone: '23334354' } });
    expect((await lookup(old.s, contractLinkToken(testConfig.secret, 'co-001', 'sign')).expect(200)).body.data.contract.status).toBe('Active');
    // Other companies' agreements are untouched.
    expect(await t.storage.collection(companyContractsCollection).get('co-003')).not.toHaveProperty('replacedBy');
  });
});

describe('eye-health day', () => {
  const request = {
    organisationNumber: '16597589',
    dateFrom: '2027-01-11',
    dateTo: '2027-01-22',
    employees: 120,
    location: { street: 'Kirketorvet 22', zip: '7100', city: 'Vejle' },
    contact: { name: 'Anne Lund', email: 'anne@example.dk', phone: '50607080' },
    note: 'Gerne formiddage.',
  };

  it('stores the request and mails the contact a confirmation', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const day = eyeHealthDayResponseSchema.parse((await s.post('/api/company/eye-health-days', request).expect(201)).body).data;
    expect(day).toMatchObject({ companyName: 'Fjordby Kommune', organisationNumber: '16-59-75-89', employees: 120, status: 'requested' });
    expect(await t.storage.collection(eyeHealthDaysCollection).get(day.id)).toEqual(day);
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.sent[0]).toMatchObject({ to: 'anne@example.dk', subject: 'Vi har modtaget jeres ønske om en øjensundhedsdag' });
    expect(t.mailer.sent[0]!.text).toContain('mandag 11. januar 2027 – fredag 22. januar 2027');
  });

  it('refuses dates less than 14 days ahead, an unknown organisation and bad input', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    expect((await s.post('/api/company/eye-health-days', { ...request, dateFrom: '2026-12-01' }).expect(400)).body.error.fields).toEqual({
      dateFrom: 'Vælg en dato fra søndag 6. december 2026 eller senere – vi skal bruge mindst 14 dage til planlægningen.',
    });
    expect((await s.post('/api/company/eye-health-days', { ...request, organisationNumber: '13748136' }).expect(400)).body.error.fields).toEqual({ organisationNumber: 'Virksomheden blev ikke fundet.' });
    expect((await s.post('/api/company/eye-health-days', { ...request, employees: 2, contact: { ...request.contact, email: 'x' } }).expect(400)).body.error.fields).toMatchObject({
      employees: 'Antal medarbejdere skal være et helt tal fra 5 til 5.000.',
      'contact.email': 'E-mail skal indeholde @ og et domæne.',
    });
    expect(await t.storage.collection(eyeHealthDaysCollection).count()).toBe(0);
  });
});

describe('employee e-requisitions', () => {
  const request = { organisationNumber: '29-44-64-23', employeeReference: 'm-1210', employeeName: 'Mette Jensen', employeeEmail: 'kunde@example.dk', kind: 'glasses', storeId: 'st-001' } as const;

  it('an employee of an active agreement sends one to a store; its manager sees it in the store app list', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const created = employeeRequisitionResponseSchema.parse((await s.post('/api/company/requisitions', request).expect(201)).body).data;
    // co-001: plus frame 1.000 + plus glass 1.500 + protective 750.
    expect(created).toMatchObject({ kind: 'glasses', companyName: 'Nordhavn Logistik A/S', storeName: 'Profil Optik København K', maxAmount: 325_000, status: 'pending' });
    expect(t.mailer.sent.map((m) => [m.to, m.subject])).toEqual([['kunde@example.dk', 'Din rekvisition på briller er sendt til Profil Optik København K']]);
    const manager = await staffAgent(t, 'leder1');
    const list = requisitionListResponseSchema.parse((await manager.agent.get('/api/staff/requisitions').expect(200)).body).data;
    expect(list.find((r) => r.id === created.id)).toMatchObject({ employeeName: 'Mette Jensen', employeeNumber: 'M-1210', contractId: 'co-001', glassLevel: 'plus', frameLevel: 'plus', protectiveGlasses: true });
    // The same employee cannot send a second one for the same thing while it waits; an exam is another matter.
    expect((await s.post('/api/company/requisitions', request).expect(409)).body.error.message).toBe(companyMessages.duplicatePending('glasses'));
    const exam = employeeRequisitionResponseSchema.parse((await s.post('/api/company/requisitions', { ...request, kind: 'exam' }).expect(201)).body).data;
    expect(exam.maxAmount).toBe(45_000);
  });

  it('makes one requisition of two identical requests sent at once; the other hears it is pending', async () => {
    const t = await makeTestApp();
    const [a, b] = await Promise.all([shopperAgent(t), shopperAgent(t)]);
    const results = await Promise.all([a.post('/api/company/requisitions', request), b.post('/api/company/requisitions', request)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.message).toBe(companyMessages.duplicatePending('glasses'));
    const pending = (await t.storage.collection(requisitionsCollection).all()).filter((r) => r.employeeNumber === 'M-1210' && r.status === 'pending');
    expect(pending).toHaveLength(1);
  });

  it('identifies the employee by the agreement’s reference type', async () => {
    const t = await makeTestApp({ config: { loginRateLimit: { windowMs: 60_000, max: 20 } } });
    const s = await shopperAgent(t);
    const fields = async (body: object) => (await s.post('/api/company/requisitions', { ...request, ...body }).expect(400)).body.error.fields;
    expect(await fields({ organisationNumber: '13748136' })).toEqual({ organisationNumber: companyMessages.noActiveAgreement });
    // Created, not yet signed.
    expect(await fields({ organisationNumber: '66932621' })).toEqual({ organisationNumber: companyMessages.noActiveAgreement });
    expect(await fields({ employeeReference: 'M-9999' })).toEqual({ employeeReference: companyMessages.unknownEmployeeNumber });
    expect(await fields({ organisationNumber: '16597589', employeeReference: 'FJK-2025' })).toEqual({ employeeReference: companyMessages.wrongReference });
    expect(await fields({ storeId: 'st-999' })).toEqual({ storeId: companyMessages.unknownStore });
    expect(await fields({ kind: 'lenses', employeeEmail: '' })).toEqual({ kind: 'Vælg, om rekvisitionen gælder briller eller en synsprøve.', employeeEmail: 'Skal udfyldes.' });
    // The public-sector agreement's shared reference, in any case.
    const ok = employeeRequisitionResponseSchema.parse((await s.post('/api/company/requisitions', { ...request, organisationNumber: '16597589', employeeReference: 'fjk-2026' }).expect(201)).body).data;
    expect(ok.companyName).toBe('Fjordby Kommune');
    expect((await t.storage.collection(requisitionsCollection).get(ok.id))!.employeeNumber).toBeNull();
  });

  it('refuses an agreement that uses paper requisitions, and a terminated agreement', async () => {
    const t = await makeTestApp();
    const { s, signToken } = await createContract(t, { ...wizard, referenceType: 'none', employeeNumbers: [] });
    await sign(s, signToken).expect(200);
    const body = { ...request, organisationNumber: '66932621', employeeReference: 'K-1' };
    expect((await s.post('/api/company/requisitions', body).expect(400)).body.error.fields).toEqual({ employeeReference: companyMessages.physicalOnly });
    await s.post('/api/company/terminate', { token: signToken, confirm: true }).expect(200);
    expect((await s.post('/api/company/requisitions', body).expect(400)).body.error.fields).toEqual({ organisationNumber: companyMessages.noActiveAgreement });
  });

  it('throttles guessing of employee numbers', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    for (let i = 0; i < testConfig.loginRateLimit.max; i++) await s.post('/api/company/requisitions', { ...request, employeeReference: `X-${i}` }).expect(400);
    expect((await s.post('/api/company/requisitions', request).expect(429)).body.error.code).toBe('rate_limited');
  });

  it('a non-manager’s decision is refused and mails nobody; the manager’s approval is mailed to the company contact and the employee', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const created = employeeRequisitionResponseSchema.parse((await s.post('/api/company/requisitions', request).expect(201)).body).data;
    t.mailer.sent.length = 0;

    const staff = await staffAgent(t);
    const refused = syncResponseSchema.parse((await staff.post('/api/sync', { commands: [command('requisition.decide', { requisitionId: created.id, decision: 'approved' })] }).expect(200)).body);
    expect(refused.results[0]).toMatchObject({ status: 'rejected', error: { code: 'forbidden', message: requisitionMessages.managersOnly } });
    expect((await t.storage.collection(requisitionsCollection).get(created.id))!.status).toBe('pending');
    expect(t.mailer.sent).toEqual([]);

    const manager = await staffAgent(t, 'leder1');
    const applied = syncResponseSchema.parse((await manager.post('/api/sync', { commands: [command('requisition.decide', { requisitionId: created.id, decision: 'approved', note: 'Velkommen forbi.' })] }).expect(200)).body);
    expect(applied.results[0]).toMatchObject({ status: 'applied', result: { status: 'approved', decidedBy: 'Henrik Poulsen' } });
    expect(t.mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ['firma@example.dk', 'Rekvisition på briller for Mette Jensen er godkendt'],
      ['kunde@example.dk', 'Rekvisition på briller for Mette Jensen er godkendt'],
    ]);
    expect(t.mailer.sent[0]!.text).toContain('Profil Optik København K har godkendt rekvisitionen på briller for Mette Jensen (medarbejdernr. M-1210)');
    expect(t.mailer.sent[0]!.text).toContain('Butikkens note: Velkommen forbi.');
  });
});

describe('seeded agreements and failing mail', () => {
  it('seeds valid agreements whose links open with the app’s secret (co-002 waits for its signature)', async () => {
    for (const c of generateCompanyContracts(testConfig.secret)) companyContractRecordSchema.parse(c);
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const view = contractViewResponseSchema.parse((await s.post('/api/company/sign/lookup', { token: contractLinkToken(testConfig.secret, 'co-002', 'sign') }).expect(200)).body).data;
    expect(view).toMatchObject({ role: 'signer', contract: { id: 'co-002', companyName: 'Kattegat Software ApS', status: 'Created' } });
    // Without the secret no seeded link opens.
    expect(generateCompanyContracts().every((c) => c.signTokenHash.startsWith('unset:'))).toBe(true);
  });

  it('keeps a decision when its mail fails, and logs the failure without the address', async () => {
    const t = await makeTestApp();
    const logged: unknown[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const failing = { send: async () => Promise.reject(new Error('SMTP nede')) };
    const requisitions = new RequisitionService(t.storage, t.clock);
    const company = new CompanyService({ storage: t.storage, clock: t.clock, config: testConfig, mailer: failing, registry: createLocalCompanyRegistry(), logger, catalogue: t.services.catalogue, requisitions });
    const decided = { ...(await requisitions.get('rq-001'))!, status: 'approved' as const, decidedBy: 'Henrik Poulsen' };
    await expect(company.requisitionDecided(decided)).resolves.toBeUndefined();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ msg: 'requisition decision mail failed', requisitionId: 'rq-001' });
    expect(JSON.stringify(logged)).not.toContain('firma@example.dk');
  });
});
