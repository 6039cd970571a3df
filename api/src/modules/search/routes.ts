import { Router } from 'express';
import { siteSearchQuerySchema } from '@optik/shared';
import { parseOr400 } from '../../http/errors';
import type { SearchService } from './service';

export function searchRoutes(search: SearchService): Router {
  const r = Router();
  // SPEC §7/§4: grouped results; fewer than 2 characters is an empty result, not an error.
  r.get('/api/site/search', async (req, res) => {
    const { q, s, limit } = parseOr400(siteSearchQuerySchema, req.query);
    res.json(await search.search(q, s, limit));
  });
  return r;
}
