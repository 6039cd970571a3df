import { describe, expect, it } from 'vitest';
import { requisitionListResponseSchema, syncResponseSchema } from '@optik/shared';
import { command, makeTestApp, staffAgent } from '../../test/harness';
import { requisitionMessages } from './service';
import { requisitionsCollection } from './records';

describe('requisitions', () => {
  it("a manager lists only their own store's requisitions, undecided first", async () => {
    const t = await makeTestApp();
    const manager = await staffAgent(t, 'leder1');
    const list = requisitionListResponseSchema.parse((await manager.agent.get('/api/staff/requisitions').expect(200)).body).data;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.storeId === 'st-001' && r.status === 'pending')).toBe(true);
  });

  it('store staff who are not managers cannot list or decide', async () => {
    const t = await makeTestApp();
    const staff = await staffAgent(t);
    expect((await staff.agent.get('/api/staff/requisitions').expect(403)).body.error.code).toBe('forbidden');
    const res = syncResponseSchema.parse((await staff.post('/api/sync', { commands: [command('requisition.decide', { requisitionId: 'rq-001', decision: 'approved' })] }).expect(200)).body);
    expect(res.results[0]).toMatchObject({ status: 'rejected', error: { code: 'forbidden', message: requisitionMessages.managersOnly } });
    expect((await t.storage.collection(requisitionsCollection).get('rq-001'))!.status).toBe('pending');
  });

  it('a manager approves with a note, once; a replay is a duplicate, a second decision is refused', async () => {
    const t = await makeTestApp();
    const manager = await staffAgent(t, 'leder1');
    const approve = command('requisition.decide', { requisitionId: 'rq-001', decision: 'approved', note: 'OK – premium glas dækket af aftalen.' });
    const res = syncResponseSchema.parse((await manager.post('/api/sync', { commands: [approve] }).expect(200)).body);
    expect(res.results[0]).toMatchObject({ status: 'applied', result: { id: 'rq-001', status: 'approved', note: 'OK – premium glas dækket af aftalen.', decidedBy: 'Henrik Poulsen', decidedAt: '2026-11-22T10:00:00.000Z' } });
    expect((await manager.post('/api/sync', { commands: [approve] }).expect(200)).body.results[0].status).toBe('duplicate');
    const reject = command('requisition.decide', { requisitionId: 'rq-001', decision: 'rejected', note: 'Fortrudt' });
    const second = syncResponseSchema.parse((await manager.post('/api/sync', { commands: [reject] }).expect(200)).body);
    expect(second.results[0]).toMatchObject({ status: 'rejected', error: { code: 'conflict', message: 'Rekvisitionen er allerede godkendt.' } });
    expect((await t.storage.collection(requisitionsCollection).get('rq-001'))!.status).toBe('approved');
  });

  it("a rejection needs a note, and another store's requisition is refused", async () => {
    const t = await makeTestApp();
    const manager = await staffAgent(t, 'leder1');
    const res = syncResponseSchema.parse(
      (
        await manager
          .post('/api/sync', {
            commands: [command('requisition.decide', { requisitionId: 'rq-002', decision: 'rejected', note: '  ' }), command('requisition.decide', { requisitionId: 'rq-005', decision: 'approved' })],
          })
          .expect(200)
      ).body,
    );
    expect(res.results[0]).toMatchObject({ status: 'rejected', error: { fields: { note: 'Skriv en note om, hvorfor rekvisitionen afvises.' } } });
    expect(res.results[1]).toMatchObject({ status: 'rejected', error: { fields: { requisitionId: requisitionMessages.unknown } } });
    expect((await t.storage.collection(requisitionsCollection).get('rq-005'))!.status).toBe('pending');
  });

  it("mails the manager's decision to the company's contact (a seeded requisition has no employee address)", async () => {
    const t = await makeTestApp();
    const manager = await staffAgent(t, 'leder1');
    const reject = command('requisition.decide', { requisitionId: 'rq-002', decision: 'rejected', note: 'Aftalen dækker ikke premium-stel.' });
    expect((await manager.post('/api/sync', { commands: [reject] }).expect(200)).body.results[0].status).toBe('applied');
    expect(t.mailer.sent.map((m) => [m.to, m.subject])).toEqual([['firma@example.dk', 'Rekvisition for Pia Andersen er afvist']]);
    expect(t.mailer.sent[0]!.text).toContain('Butikkens note: Aftalen dækker ikke premium-stel.');
    // A replay is a duplicate: no second mail.
    await manager.post('/api/sync', { commands: [reject] }).expect(200);
    expect(t.mailer.sent).toHaveLength(1);
  });
});
