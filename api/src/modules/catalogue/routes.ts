import { Router } from 'express';
import { articleListQuerySchema, catalogueSnapshotQuerySchema, da } from '@optik/shared';
import { notFound, parseOr400 } from '../../http/errors';
import type { CatalogueService, CategoryTreeInput } from './service';

export function catalogueRoutes(catalogue: CatalogueService, tree: readonly CategoryTreeInput[]): Router {
  const r = Router();

  // SPEC §7: the field `data` holds the article. Accepts the id or the slug.
  r.get('/api/article/:articleId', async (req, res) => {
    const article = await catalogue.getArticle(req.params.articleId);
    if (!article) throw notFound(da.errors.articleNotFound);
    res.json({ data: article });
  });

  r.get('/api/catalogue/categories', async (_req, res) => {
    res.json({ data: await catalogue.categories(tree) });
  });

  r.get('/api/catalogue/articles', async (req, res) => {
    const query = parseOr400(articleListQuerySchema, req.query);
    res.json(await catalogue.list(query));
  });

  // The store app's catalogue copy: everything changed since the version the device has.
  r.get('/api/catalogue/snapshot', async (req, res) => {
    const { since } = parseOr400(catalogueSnapshotQuerySchema, req.query);
    res.set('Cache-Control', 'no-store');
    res.json(await catalogue.snapshotSince(since));
  });

  r.get('/api/stores', async (_req, res) => {
    res.json({ data: await catalogue.stores() });
  });

  // Page slugs may contain a slash (om-os/tilgængelighed).
  r.get('/api/pages/*slug', async (req, res) => {
    const slug = (req.params as { slug: string[] }).slug.join('/');
    const page = await catalogue.page(slug);
    if (!page) throw notFound(da.errors.pageNotFound);
    res.json({ data: page });
  });

  return r;
}
