import { afterAll, describe, expect, it } from 'vitest';
import { providerEventSchema } from '@optik/shared';
import { openPostgresStorage } from '../../storage/postgres';
import { freshDatabase, stopTestPostgres } from '../../test/postgres';
import { widgetEventsCollection, widgetPopularityCollection, widgetQueriesCollection } from './records';
import { WidgetRepository } from './repository';
import { storageEventLog } from './event-log';

afterAll(() => stopTestPostgres());

describe('widget counters on PostgreSQL, two instances', () => {
  it('loses no event weight and no search counted from both at once', async () => {
    const db = await freshDatabase();
    const collections = [widgetEventsCollection, widgetPopularityCollection, widgetQueriesCollection];
    const open = () => openPostgresStorage({ url: db.url, collections, poolSize: 6 });
    const [a, b] = await Promise.all([open(), open()]);
    try {
      const repos = [new WidgetRepository(a), new WidgetRepository(b)];
      const at = '2026-11-26T10:00:00.000Z';
      const event = providerEventSchema.parse({ event_type: 'click', product_id: 'a1' });
      const weights = new Map([
        ['a1', 1],
        ['a2', 3],
      ]);
      await Promise.all(Array.from({ length: 20 }, (_, i) => repos[i % 2]!.addEvents([{ id: `e${i}`, at, market: 'dk', tenant: 't', event }], weights)));
      expect(await a.collection(widgetPopularityCollection).get('a1')).toEqual({ id: 'a1', score: 20 });
      expect(await b.collection(widgetPopularityCollection).get('a2')).toEqual({ id: 'a2', score: 60 });
      expect(await a.collection(widgetEventsCollection).count()).toBe(20);

      await Promise.all(Array.from({ length: 20 }, (_, i) => repos[i % 2]!.countQuery('solbriller', at)));
      expect(await repos[1]!.topQueries(1)).toEqual([expect.objectContaining({ query: 'solbriller', count: 20 })]);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });

  it('the event log is an append-only table held to its size: the oldest rows go at housekeeping', async () => {
    const db = await freshDatabase();
    const storage = await openPostgresStorage({ url: db.url, collections: [widgetEventsCollection, widgetPopularityCollection, widgetQueriesCollection], poolSize: 4 });
    try {
      const log = storageEventLog(storage, { maxBytes: 10 * 1024 });
      const at = (i: number) => new Date(Date.parse('2026-11-26T10:00:00Z') + i * 1000).toISOString();
      await Promise.all(Array.from({ length: 14 }, (_, i) => log.append([{ at: at(i), market: 'dk', tenant: 't', event: providerEventSchema.parse({ event_type: 'click', product_id: `a${String(i).padStart(2, '0')}` }) }])));
      expect(await log.size()).toBe(14);
      // The newest ten stay (10 KB reckoned at 1 KB an event): the four oldest go; then everything before the cut-off.
      expect(await log.prune(new Date('2026-11-01T00:00:00Z'))).toBe(4);
      expect((await storage.collection(widgetEventsCollection).all()).map((e) => e.event.product_id).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `a${String(i + 4).padStart(2, '0')}`));
      expect(await log.prune(new Date(at(12)))).toBe(8);
      expect(await log.size()).toBe(2);
    } finally {
      await storage.close();
      await db.drop();
    }
  });
});
