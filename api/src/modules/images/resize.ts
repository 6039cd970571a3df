import os from 'node:os';
import { join } from 'node:path';
import { Router } from 'express';
import { imageResizeQuerySchema, mediaWidths } from '@optik/shared';
import type { AppConfig } from '../../deps';
import { badRequest, HttpError, notFound, parseOr400 } from '../../http/errors';
import type { CatalogueService } from '../catalogue/service';
import { ImageResizer, ladderWidth, renderSvg, ResizeQueueFullError } from './resizer';
import { renderArticleSvg } from './svg';

const MEDIA_PATH = /^\/media\/articles\/([\w-]+)\/(\d+)\/(?:xs|sm|md|lg|xl)\.svg$/;
const CONTENT_TYPE = { webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' } as const;
/** Seconds a client waits before asking again when the resize queue is full. */
const RETRY_AFTER_S = 2;
const BUSY = 'Billedet kan ikke laves lige nu. Prøv igen om lidt.';

/**
 * GET /v2/image?format=webp|jpeg|png&url=…&width=64–4096 — the widget's image resize service.
 * Only the shop's own product pictures are resized (a path under /media, or an absolute URL on
 * the shop's host): the server never fetches an outside address. The width is rounded up to the
 * ladder (resizer.ts), so each picture has a bounded number of variants; sharp (libvips) makes
 * them through a bounded queue (full: 503 with Retry-After) into a disk cache under DATA_DIR,
 * served with a week's cache headers and an ETag.
 */
export function imageResizeRoutes(deps: { config: AppConfig; catalogue: CatalogueService; resizer?: ImageResizer }): Router {
  const r = Router();
  const resizer = deps.resizer ?? new ImageResizer({ dir: join(os.tmpdir(), `optik-image-cache-${process.pid}`) });
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
    const width = ladderWidth(q.width);
    const key = `${article.id}/${article.version}/${index}/${width}/${q.format}`;
    const make = () => resizer.get(key, q.format, () => renderSvg(renderArticleSvg(article, index, 'xl'), mediaWidths.xl, width, q.format));
    let body: Buffer | null;
    try {
      const image = await make();
      res.set({ 'Content-Type': CONTENT_TYPE[q.format], 'Cache-Control': 'public, max-age=604800', ETag: image.etag });
      if (req.get('if-none-match') === image.etag) {
        res.status(304).end();
        return;
      }
      // Evicted between finding and reading it (a full cache): made again, once.
      body = (await resizer.read(image)) ?? (await resizer.read(await make()));
    } catch (err) {
      if (!(err instanceof ResizeQueueFullError)) throw err;
      res.set('Retry-After', String(RETRY_AFTER_S));
      throw new HttpError(503, 'unavailable', BUSY);
    }
    if (!body) throw new HttpError(503, 'unavailable', BUSY);
    res.send(body);
  });
  return r;
}
