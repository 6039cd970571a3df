import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { da, providerEventSchema } from '@optik/shared';
import { makeTestApp, type TestApp } from '../../test/harness';
import { articlesCollection } from '../catalogue/records';
import { openFileEventLog, storageEventLog, type LoggedEvent } from './event-log';
import { widgetEventsCollection, widgetPopularityCollection } from './records';
import { EVENT_RETENTION_MS } from './service';

const ctx = { tenant: 'profil-optik', market: 'dk' };
const click = (product_id: string, extra: object = {}) => ({ event_type: 'click', product_id, ...extra });

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
async function tempDir() {
  const d = await mkdtemp(path.join(os.tmpdir(), 'optik-events-test-'));
  dirs.push(d);
  return d;
}
const post = (t: TestApp, body: unknown, from = '198.51.100.1') => request(t.app).post('/v2/create-events').set('X-Forwarded-For', from).send(body as object);

describe('create-events is bounded (issue 15 finding 4)', () => {
  it('refuses more than 100 events a call and over-long fields with 422 JSON (well-formed, failing validation: issue 18), and takes 100', async () => {
    const t = await makeTestApp();
    const many = await post(t, { ...ctx, events: Array.from({ length: 101 }, (_, i) => click(`a-${i}`)) }).expect(422);
    expect(many.body.error.code).toBe('validation_failed');
    expect(many.body.error.fields.events).toBe('Højst 100 ad gangen.');
    await post(t, { ...ctx, events: Array.from({ length: 100 }, (_, i) => click(`a-${i}`)) }).expect(200);
    const long = await post(t, { ...ctx, events: [click('x'.repeat(101))] }).expect(422);
    expect(long.body.error.fields['events.0.product_id']).toBe('Højst 100 tegn.');
    await post(t, { ...ctx, events: [click('a', { url: `https://shop.test/${'x'.repeat(2000)}` })] }).expect(422);
    await post(t, { ...ctx, events: [click('a', { session_id: 's'.repeat(101) })] }).expect(422);
    await post(t, { ...ctx, market: 'm'.repeat(17), events: [click('a')] }).expect(422);
  });

  it('answers a body over 64 KB with 413 JSON before validating it, as JSON and as a text beacon', async () => {
    const t = await makeTestApp();
    // 100 valid events of 660 bytes: about 66 KB, each field within its own limit.
    const body = { ...ctx, events: Array.from({ length: 100 }, (_, i) => click(`a-${i}`, { url: `https://shop.test/${'x'.repeat(600)}` })) };
    expect(JSON.stringify(body).length).toBeGreaterThan(65 * 1024);
    const asJson = await post(t, body).expect(413);
    expect(asJson.headers['content-type']).toMatch(/json/);
    expect(asJson.body.error.code).toBe('bad_request');
    const asText = await request(t.app).post('/create-events').set('Content-Type', 'text/plain;charset=UTF-8').send(JSON.stringify(body.events.map((e) => ({ ...ctx, ...e })))).expect(413);
    expect(asText.body.error.code).toBe('bad_request');
    // Under the limit the same events are taken.
    await post(t, { ...body, events: body.events.slice(0, 90) }).expect(200);
    expect(await t.storage.collection(widgetEventsCollection).count()).toBe(90);
  });

  it('limits calls per client address (counted in storage, shared by instances), never one client for another', async () => {
    const config = { widgetEventRateLimit: { windowMs: 60_000, max: 3 } };
    const a = await makeTestApp({ config });
    const b = await makeTestApp({ config, storage: a.storage });
    const one = { ...ctx, events: [click('a-1')] };
    await post(a, one, '203.0.113.7').expect(200);
    await post(b, one, '203.0.113.7').expect(200);
    await post(a, one, '203.0.113.7').expect(200);
    const refused = await post(b, one, '203.0.113.7').expect(429);
    expect(refused.body.error).toEqual({ code: 'rate_limited', message: da.errors.rateLimited });
    // Another shopper is not limited by the first one's calls.
    for (let i = 0; i < 3; i++) await post(a, one, '203.0.113.8').expect(200);
    await post(a, one, '203.0.113.8').expect(429);
    // The window passes: the first client may send again.
    a.clock.advance(60_000);
    await post(a, one, '203.0.113.7').expect(200);
    // Refused calls store nothing.
    expect(await a.storage.collection(widgetEventsCollection).count()).toBe(7);
  });
});

describe('raw events in an append-only log with retention by size and age; popularity from aggregates', () => {
  const event = (i: number, at: string): LoggedEvent => ({ at, ...ctx, event: providerEventSchema.parse({ event_type: 'click', product_id: `a-${String(i).padStart(5, '0')}`, url: `https://shop.test/${'p'.repeat(400)}` }) });

  it('the file log drops the oldest segments beyond its size, and whole days beyond the retention', async () => {
    const dir = await tempDir();
    const maxBytes = 256 * 1024;
    const log = await openFileEventLog({ dir, maxBytes });
    const day1 = '2026-11-20T10:00:00.000Z';
    const day2 = '2026-11-21T10:00:00.000Z';
    // About 900 KB in calls of 100 events, all on one day: far over the bound.
    for (let call = 0; call < 20; call++) await log.append(Array.from({ length: 100 }, (_, k) => event(call * 100 + k, day1)));
    expect(await log.size()).toBeLessThanOrEqual(maxBytes);
    const lines = async () => (await Promise.all((await readdir(dir)).sort().map((f) => readFile(path.join(dir, f), 'utf8')))).join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as LoggedEvent);
    const kept = await lines();
    // The newest are kept, in order; the oldest went.
    expect(kept.at(-1)!.event.product_id).toBe('a-01999');
    expect(kept[0]!.event.product_id).not.toBe('a-00000');
    expect(kept.map((e) => e.event.product_id)).toEqual([...kept.map((e) => e.event.product_id)].sort());

    await log.append([event(5000, day2)]);
    // Retention by age: everything before day 2 goes, day 2 stays.
    expect(await log.prune(new Date('2026-11-21T00:00:00.000Z'))).toBeGreaterThan(0);
    expect((await lines()).map((e) => e.event.product_id)).toEqual(['a-05000']);
    await log.close();

    // A restart continues after the existing segments, within the same bound.
    const again = await openFileEventLog({ dir, maxBytes });
    await again.append([event(5001, day2)]);
    expect((await lines()).map((e) => e.event.product_id)).toEqual(['a-05000', 'a-05001']);
    await again.close();
  });

  it('the storage log (PostgreSQL: an append-only table) removes the oldest events beyond its size at housekeeping', async () => {
    const t = await makeTestApp();
    const log = storageEventLog(t.storage, { maxBytes: 10 * 1024 });
    const at = (i: number) => new Date(Date.parse('2026-11-22T10:00:00Z') + i * 1000).toISOString();
    for (let i = 0; i < 14; i++) await log.append([event(i, at(i))]);
    expect(await log.size()).toBe(14);
    expect(await log.prune(new Date('2026-01-01T00:00:00Z'))).toBe(4);
    const left = (await t.storage.collection(widgetEventsCollection).all()).map((e) => e.event.product_id).sort();
    expect(left).toEqual(Array.from({ length: 10 }, (_, i) => `a-${String(i + 4).padStart(5, '0')}`));
  });

  it('an app on the file log keeps raw events out of the store, ranks by the aggregated counters, and the data stays within the bound', async () => {
    const dir = await tempDir();
    const maxBytes = 128 * 1024;
    const log = await openFileEventLog({ dir, maxBytes });
    const t = await makeTestApp({ ports: () => ({ widgetEventLog: log }), config: { widgetEventRateLimit: { windowMs: 60_000, max: 1_000 } } });
    const target = (await t.storage.collection(articlesCollection).all()).find((x) => x.price.unit.publicationStatus === 20 && x.category === 'briller')!;
    for (let call = 0; call < 12; call++) {
      await post(t, { ...ctx, events: Array.from({ length: 100 }, () => click(target.id, { url: `https://shop.test/${'q'.repeat(300)}` })) }).expect(200);
    }
    expect(await t.storage.collection(widgetEventsCollection).count()).toBe(0);
    expect(await t.storage.collection(widgetPopularityCollection).get(target.id)).toEqual({ id: target.id, score: 1200 });
    const top = (await request(t.app).post('/v2/recommend/products/general').send({ ...ctx, limit: 1 }).expect(200)).body;
    expect(top.displays[0].product_id).toBe(target.id);
    const bytes = async () => {
      let n = 0;
      for (const f of await readdir(dir)) n += (await readFile(path.join(dir, f))).length;
      return n;
    };
    expect(await bytes()).toBeLessThanOrEqual(maxBytes);
    expect(await bytes()).toBeGreaterThan(maxBytes / 2);

    // Events the store held from before the file log are counted once and moved into it, oldest day first.
    const old = (id: string, at: string) => ({ id, at, ...ctx, event: providerEventSchema.parse(click(target.id)) });
    await t.storage.collection(widgetEventsCollection).putMany([old('e1', '2026-11-01T10:00:00.000Z'), old('e2', '2026-11-02T10:00:00.000Z')]);
    expect(await t.services.widget.housekeeping()).toMatchObject({ counted: 2 });
    expect(await t.storage.collection(widgetEventsCollection).count()).toBe(0);
    expect(await t.storage.collection(widgetPopularityCollection).get(target.id)).toEqual({ id: target.id, score: 1202 });
    expect((await readdir(dir)).sort().slice(0, 2)).toEqual([expect.stringMatching(/^2026-11-01-/), expect.stringMatching(/^2026-11-02-/)]);
    expect(await bytes()).toBeLessThanOrEqual(maxBytes);

    // Past the retention the hourly housekeeping drops the log's old days; the counters keep their weight.
    t.clock.advance(EVENT_RETENTION_MS + 24 * 3600_000);
    expect((await t.services.widget.housekeeping()).events).toBeGreaterThan(0);
    expect(await bytes()).toBe(0);
    expect(await t.storage.collection(widgetPopularityCollection).get(target.id)).toEqual({ id: target.id, score: 1202 });
    await log.close();
  });
});
