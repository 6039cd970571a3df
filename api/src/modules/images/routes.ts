import { createHash } from 'node:crypto';
import { Router } from 'express';
import type { MediaSize } from '@optik/shared';
import { notFound } from '../../http/errors';
import type { CatalogueService } from '../catalogue/service';
import { renderArticleSvg } from './svg';

const CACHE_LIMIT = 2_000;
const IMAGE_NOT_FOUND = 'Billedet blev ikke fundet.';

/** GET /media/articles/{articleId}/{index}/{size}.svg — generated product pictures (SPEC §9 widths). */
export function imageRoutes(catalogue: CatalogueService): Router {
  const r = Router();
  // Bounded cache: Map keeps insertion order, so the oldest entry is evicted first.
  const cache = new Map<string, { svg: string; etag: string }>();

  r.get('/media/articles/:articleId/:index/:file', async (req, res) => {
    const m = /^(xs|sm|md|lg|xl)\.svg$/.exec(req.params.file);
    const index = Number(req.params.index);
    const article = await catalogue.getArticle(req.params.articleId);
    if (!m || !article || !Number.isInteger(index) || !article.medias[index]) throw notFound(IMAGE_NOT_FOUND);
    const size = m[1] as MediaSize;
    const key = `${article.id}/${article.version}/${index}/${size}`;
    let hit = cache.get(key);
    if (!hit) {
      const svg = renderArticleSvg(article, index, size);
      hit = { svg, etag: `"${createHash('sha1').update(svg).digest('base64url')}"` };
      cache.set(key, hit);
      if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    }
    res.set({ 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400', ETag: hit.etag });
    if (req.get('if-none-match') === hit.etag) {
      res.status(304).end();
      return;
    }
    res.send(hit.svg);
  });

  return r;
}

