import { Router } from 'express';
import { recordIdParamsSchema, storeSearchQuerySchema } from '@optik/shared';
import { notFound, parseOr400 } from '../../http/errors';
import { storeFinderMessages, type StoreFinderService } from './service';

/** Store finder (SPEC §2 /find-butik). `GET /api/stores` (all stores) stays with the catalogue. */
export function storeRoutes(stores: StoreFinderService): Router {
  const r = Router();

  r.get('/api/stores/search', async (req, res) => {
    const query = parseOr400(storeSearchQuerySchema, req.query);
    // "Open now" changes with the clock.
    res.set('Cache-Control', 'no-store');
    res.json(await stores.search(query));
  });

  // One store by slug (store pages) or by id (the store-id redirect).
  r.get('/api/stores/:id', async (req, res) => {
    const store = await stores.get(parseOr400(recordIdParamsSchema, req.params).id);
    if (!store) throw notFound(storeFinderMessages.notFound);
    res.set('Cache-Control', 'no-store');
    res.json({ data: store });
  });

  return r;
}
