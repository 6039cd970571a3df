import { Router } from 'express';
import type { AppConfig } from '../../deps';
import type { CatalogueService, CategoryTreeInput } from './service';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * SPEC §2 sitemap and robots for the shop's origin (its servers proxy both paths here): every
 * catalogue route, content page, store page and product; checkout, My Pages and pay links are
 * kept out of search engines.
 */
export function sitemapRoutes(deps: { config: AppConfig; catalogue: CatalogueService; tree: readonly CategoryTreeInput[] }): Router {
  const r = Router();
  const base = deps.config.publicWebUrl.replace(/\/$/, '');
  const url = (path: string) => `${base}${path.split('/').map((p) => encodeURIComponent(p)).join('/')}`;

  r.get('/robots.txt', (_req, res) => {
    res.type('text/plain').send(
      ['User-agent: *', 'Disallow: /checkout', 'Disallow: /min-konto', 'Disallow: /betal/', 'Disallow: /search', 'Disallow: /api/', `Sitemap: ${base}/sitemap.xml`, ''].join('\n'),
    );
  });

  r.get('/sitemap.xml', async (_req, res) => {
    const snapshot = await deps.catalogue.load();
    const paths = new Set<string>(['/', '/find-butik', '/bestil-tid-til-synstest', '/gavekort', '/cookieliste', '/presse']);
    for (const top of deps.tree) {
      paths.add(top.path);
      for (const c of top.children) if ((snapshot.byRoute.get(c.path)?.length ?? 0) > 0) paths.add(c.path);
    }
    for (const p of snapshot.pages) paths.add(p.url);
    for (const s of snapshot.stores) paths.add(`/find-butik/${s.slug}`);
    for (const a of snapshot.articles) if (a.price.unit.publicationStatus === 20 || a.price.unit.publicationStatus === 30) paths.add(`/produkt/${a.slug}`);
    const body = [...paths].map((p) => `  <url><loc>${xml(url(p))}</loc></url>`).join('\n');
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
  });
  return r;
}
