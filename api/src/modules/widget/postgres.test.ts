import { afterAll, describe, expect, it } from 'vitest';
import { providerEventSchema } from '@optik/shared';
import { openPostgresStorage } from '../../storage/postgres';
import { freshDatabase, stopTestPostgres } from '../../test/postgres';
import { widgetEventsCollection, widgetPopularityCollection, widgetQueriesCollection } from './records';
import { WidgetRepository } from './repository';

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
});
