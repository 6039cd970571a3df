import { createHash } from 'node:crypto';
import { Router } from 'express';
import sharp from 'sharp';
import { imageResizeQuerySchema, mediaWidths } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { badRequest, notFound, parseOr400 } from '../../http/errors';
import type { CatalogueService } from '../catalogue/service';
import { renderArticleSvg } from './svg';

const CACHE_BYTES = 64 * 1024 * 1024;
const MEDIA_PATH = /^\/media\/articles\/([\w-]+)\/(\d+)\/(?:xs|sm|md|lg|xl)\.svg$/;
const CONTENT_TYPE = { webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' } as const;

/**
 * GET /v2/image?format=webp|jpeg|png&url=…&width=64–4096 — the widget's image resize service.
 * Only the shop's own product pictures are resized (a path under /media, or an absolute URL on
 * the shop's host): the server never fetches an outside address. sharp (libvips) rasterises the
 * picture at the asked width; results are kept in a byte-bounded cache with an ETag.
 */
export function imageResizeRoutes(deps: { config: AppConfig; catalogue: CatalogueService }): Router {
  const r = Router();
  const cache = new Map<string, { body: Buffer; etag: string }>();
  let bytes = 0;
  const ownHost = new URL(deps.config.publicWebUrl).host;

  r.get('/v2/image', async (req, res) => {
    const q = parseOr400(imageResizeQuerySchema, req.query);
    let path = q.url;
    if (/^https?:\/\//i.test(path)) {
      const u = new URL(path);
      if (u.host !== ownHost) throw badRequest({ url: 'Kun butikkens egne billeder kan skaleres.' });
      path = u.pathname;
    }
    const m = MEDIA_PATH.exec(path);
    if (!m) throw badRequest({ url: 'Ukendt billedadresse.' });
    const article = await deps.catalogue.getArticle(m[1]!);
    const index = Number(m[2]);
    if (!article?.medias[index]) throw notFound('Billedet blev ikke fundet.');
    const key = `${article.id}/${article.version}/${index}/${q.width}/${q.format}`;
    let hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit); // most recently used last
    } else {
      const svg = renderArticleSvg(article, index, 'xl');
      // Render the vector at a density that gives at least the asked width, then scale exactly.
      const density = Math.min(2400, Math.max(72, Math.ceil((72 * q.width) / mediaWidths.xl)));
      const body = await sharp(Buffer.from(svg), { density }).resize({ width: q.width }).toFormat(q.format, { quality: 82 }).toBuffer();
      hit = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      cache.set(key, hit);
      bytes += body.length;
      for (const [k, v] of cache) {
        if (bytes <= CACHE_BYTES) break;
        cache.delete(k);
        bytes -= v.body.length;
      }
    }
    res.set({ 'Content-Type': CONTENT_TYPE[q.format], 'Cache-Control': 'public, max-age=604800', ETag: hit.etag });
    if (req.get('if-none-match') === hit.etag) {
      res.status(304).end();
      return;
    }
    res.send(hit.body);
  });
  return r;
}
