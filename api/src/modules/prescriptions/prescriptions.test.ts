import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeTestApp, shopperAgent, staffAgent, type TestApp } from '../../test/harness';
import { prescriptionsCollection } from './records';

async function staffWithCustomer(t: TestApp) {
  const s = await staffAgent(t);
  const customerId = randomUUID();
  const createCustomer = { id: randomUUID(), type: 'customer.create', createdAt: '2026-11-22T09:00:00.000Z', payload: { customerId, zip: '8000', city: 'Aarhus C', firstName: 'Mette', lastName: 'Jensen', phone: '20304050', street: 'Søndergade 1' } };
  return { s, customerId, createCustomer };
}

const glasses = {
  rightSphere: -1.25, rightCylinder: -0.5, rightAxis: 90, rightAddition: null, rightPupillaryDistance: 31.5,
  leftSphere: -1, leftCylinder: null, leftAxis: null, leftAddition: null, leftPupillaryDistance: 32,
};
const cmd = (payload: object) => ({ id: randomUUID(), type: 'prescription.create', createdAt: '2026-11-22T09:01:00.000Z', payload });

describe('prescription.create through /api/sync', () => {
  it('stores a valid glasses prescription encrypted and answers it to staff', async () => {
    const t = await makeTestApp();
    const { s, customerId, createCustomer } = await staffWithCustomer(t);
    const prescriptionId = randomUUID();
    const res = await s.post('/api/sync', { commands: [createCustomer, cmd({ prescriptionId, customerId, examDate: '2026-10-01', confirmedNotOlderThanYear: true, entry: { kind: 'glasses', glasses } })] }).expect(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied']);
    const [stored] = await t.storage.collection(prescriptionsCollection).all();
    expect(JSON.stringify(stored)).not.toContain('31.5');
    const list = await s.agent.get(`/api/staff/customers/${customerId}/prescriptions`).expect(200);
    expect(list.body.data[0]).toMatchObject({ id: prescriptionId, examDate: '2026-10-01', entry: { kind: 'glasses', glasses } });
  });

  it('rejects SPEC §5 violations with field errors', async () => {
    const t = await makeTestApp();
    const { s, customerId, createCustomer } = await staffWithCustomer(t);
    await s.post('/api/sync', { commands: [createCustomer] }).expect(200);
    const res = await s.post('/api/sync', {
      commands: [
        cmd({ prescriptionId: randomUUID(), customerId, examDate: '2025-01-01', confirmedNotOlderThanYear: false, entry: { kind: 'glasses', glasses: { ...glasses, rightSphere: 2.5, rightAddition: 2, leftPupillaryDistance: null } } }),
        cmd({ prescriptionId: randomUUID(), customerId, examDate: '2026-11-01', confirmedNotOlderThanYear: true, entry: { kind: 'contact-lens', right: { power: -2.3, baseCurve: 8.6, diameter: 14.2, cylinder: null, axis: null, addition: null }, left: { power: -2, baseCurve: 7, diameter: 14.2, cylinder: null, axis: null, addition: null } } }),
      ],
    }).expect(200);
    expect(res.body.results[0].error.fields).toMatchObject({
      rightAddition: 'Sfære plus addition må højst være +4,00.',
      leftPupillaryDistance: 'Skal udfyldes.',
      examDate: 'Recepten er ældre end et år. Der skal en ny synsprøve til.',
      confirmed: 'Bekræft, at recepten ikke er ældre end et år.',
    });
    expect(Object.keys(res.body.results[1].error.fields).sort()).toEqual(['left.baseCurve', 'right.power']);
    expect(await t.storage.collection(prescriptionsCollection).count()).toBe(0);
  });

  it('takes a contact-lens prescription for one eye only, but not for none', async () => {
    const t = await makeTestApp();
    const { s, customerId, createCustomer } = await staffWithCustomer(t);
    const none = { power: null, baseCurve: null, diameter: null, cylinder: null, axis: null, addition: null };
    const res = await s
      .post('/api/sync', {
        commands: [
          createCustomer,
          cmd({ prescriptionId: randomUUID(), customerId, examDate: '2026-11-01', confirmedNotOlderThanYear: true, entry: { kind: 'contact-lens', right: none, left: { ...none, power: -1.75, baseCurve: 8.6, diameter: 14.2 } } }),
          cmd({ prescriptionId: randomUUID(), customerId, examDate: '2026-11-01', confirmedNotOlderThanYear: true, entry: { kind: 'contact-lens', right: none, left: none } }),
        ],
      })
      .expect(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'rejected']);
    expect(res.body.results[2].error.fields).toEqual({ 'right.power': 'Udfyld styrken for mindst ét øje.' });
  });

  it('refuses a prescription for a customer the server does not have', async () => {
    const t = await makeTestApp();
    const { s } = await staffWithCustomer(t);
    const res = await s.post('/api/sync', { commands: [cmd({ prescriptionId: randomUUID(), customerId: randomUUID(), examDate: '2026-10-01', confirmedNotOlderThanYear: true, entry: { kind: 'glasses', glasses } })] }).expect(200);
    expect(res.body.results[0].error.fields.customerId).toMatch(/findes ikke/);
  });

  it('lets only staff read prescriptions', async () => {
    const t = await makeTestApp();
    await request(t.app).get(`/api/staff/customers/${randomUUID()}/prescriptions`).expect(401);
    const c = await shopperAgent(t);
    await c.post('/api/auth/login', { email: 'kunde@example.dk', password: 'Demo1234!' }).expect(200);
    await c.agent.get(`/api/staff/customers/${randomUUID()}/prescriptions`).expect(403);
  });
});
