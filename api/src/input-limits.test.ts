import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@optik/shared';
import { customerAgent, makeTestApp, shopperAgent } from './test/harness';
import { accountsCollection } from './modules/auth/records';
import { widgetEventsCollection } from './modules/widget/records';

/** Issue 15 finding 8: every string and list from outside has a maximum; over it is a 400 (the widget's /v2 API: 422, issue 18) in the one JSON error shape, and nothing is stored. */
const LONG = 'a'.repeat(200_000);
/** Over every text limit, short enough that several fit in one request body (256 kB). */
const OVER = 'a'.repeat(5_000);

const registration = { firstName: 'Søren', lastName: 'Ågård', email: 'soren@example.dk', phone: '+45 20 30 40 50', password: 'langkode123', passwordRepeat: 'langkode123', acceptTerms: true };

describe('input limits', () => {
  it('refuses a registration with a 200,000-character first name: 400 with the Danish field message, no account, no mail', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const accounts = await t.storage.collection(accountsCollection).count();
    const res = await s.post('/api/auth/register', { ...registration, firstName: LONG }).expect(400);
    expect(apiErrorSchema.parse(res.body)).toEqual({ error: { code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { firstName: 'Højst 100 tegn.' } } });
    expect(await t.storage.collection(accountsCollection).count()).toBe(accounts);
    expect(await t.storage.collection(accountsCollection).getBy('email', 'soren@example.dk')).toBeUndefined();
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('refuses over-long e-mail, phone and password the same way, and registers a name of exactly 100 characters', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const res = await s.post('/api/auth/register', { ...registration, email: `${OVER}@example.dk`, phone: OVER, password: OVER, passwordRepeat: OVER }).expect(400);
    expect(res.body.error.fields).toEqual({ email: 'Højst 254 tegn.', phone: 'Højst 32 tegn.', password: 'Højst 200 tegn.', passwordRepeat: 'Højst 200 tegn.' });
    await s.post('/api/auth/register', { ...registration, firstName: 'a'.repeat(100) }).expect(201);
    expect((await t.storage.collection(accountsCollection).getBy('email', 'soren@example.dk'))!.firstName).toBe('a'.repeat(100));
  });

  it('refuses account details with a 200,000-character name and an over-long street, and changes nothing', async () => {
    const t = await makeTestApp();
    const s = await customerAgent(t);
    const before = (await s.agent.get('/api/account/details').expect(200)).body.data;
    const res = await s.post('/api/account/details', { firstName: LONG, lastName: 'Jensen', phone: '20304050', street: OVER, zip: '8000' }).expect(400);
    expect(apiErrorSchema.parse(res.body).error).toEqual({ code: 'validation_failed', message: 'Ret fejlene, og prøv igen.', fields: { firstName: 'Højst 100 tegn.', street: 'Højst 120 tegn.' } });
    expect((await s.agent.get('/api/account/details').expect(200)).body.data).toEqual(before);
  });

  it('refuses widget events with an over-long product id or more than 100 events, and stores none', async () => {
    const t = await makeTestApp();
    const ctx = { tenant: 'profil-optik', market: 'dk' };
    // 200,000 characters are over the 64 KB body limit of create-events (issue 15 finding 4): refused before parsing.
    const huge = await request(t.app).post('/v2/create-events').send({ ...ctx, events: [{ event_type: 'click', product_id: LONG }] }).expect(413);
    expect(apiErrorSchema.parse(huge.body).error.code).toBe('bad_request');
    const long = await request(t.app).post('/v2/create-events').send({ ...ctx, events: [{ event_type: 'click', product_id: 'a'.repeat(101) }] }).expect(422);
    expect(apiErrorSchema.parse(long.body).error.fields).toEqual({ 'events.0.product_id': 'Højst 100 tegn.' });
    const many = await request(t.app).post('/v2/create-events').send({ ...ctx, events: Array.from({ length: 101 }, () => ({ event_type: 'click', product_id: 'a-00001' })) }).expect(422);
    expect(apiErrorSchema.parse(many.body).error.fields).toEqual({ events: 'Højst 100 ad gangen.' });
    const ids = await request(t.app).post('/v2/create-events').send({ ...ctx, events: [{ event_type: 'click', product_ids: Array.from({ length: 201 }, (_, i) => String(i)) }] }).expect(422);
    expect(Object.keys(apiErrorSchema.parse(ids.body).error.fields!)).toEqual(['events.0.product_ids']);
    expect(await t.storage.collection(widgetEventsCollection).count()).toBe(0);
  });

  it('refuses a widget search with an over-long query or filter value', async () => {
    const t = await makeTestApp();
    const ctx = { tenant: 'profil-optik', market: 'dk' };
    const q = await request(t.app).post('/v2/search/results').send({ ...ctx, query: LONG }).expect(422);
    expect(apiErrorSchema.parse(q.body).error.fields).toEqual({ query: 'Højst 200 tegn.' });
    const f = await request(t.app).post('/v2/search/results').send({ ...ctx, filters: [{ field: 'brand', op: 'in', data: [LONG] }] }).expect(422);
    expect(Object.keys(apiErrorSchema.parse(f.body).error.fields!)).toEqual(['filters.0.data']);
    await request(t.app).post('/v2/search/results').send({ ...ctx, query: 'a'.repeat(200), filters: [{ field: 'brand', op: 'in', data: ['Ray-Ban', 'Gucci'] }] }).expect(200);
  });

  it('answers 422, never 500, for filter data that is an object (issue 15 finding 5: {"toString":1} reached the engine)', async () => {
    const t = await makeTestApp();
    const ctx = { tenant: 'profil-optik', market: 'dk' };
    for (const data of [{ toString: 1 }, [{ valueOf: 1 }], { __proto__: { x: 1 } }]) {
      for (const path of ['/v2/search/results', '/v2/product-listing']) {
        const res = await request(t.app).post(path).send({ ...ctx, category_id: 'briller', filters: [{ field: 'brand', op: 'in', data }] });
        expect(res.status).toBe(422);
        expect(Object.keys(apiErrorSchema.parse(res.body).error.fields!)).toEqual(['filters.0.data']);
      }
    }
    // The same requests with a plain value are answered.
    for (const path of ['/v2/search/results', '/v2/product-listing']) {
      await request(t.app).post(path).send({ ...ctx, category_id: 'briller', filters: [{ field: 'brand', op: 'in', data: ['Ray-Ban'] }] }).expect(200);
    }
  });
});
