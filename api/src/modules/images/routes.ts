import { createHash } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import type { MediaSize } from '@optik/shared';
import { notFound } from '../../http/errors';
import type { CatalogueService } from '../catalogue/service';
import { FRAME_PARTS, isFrame, renderArticleSvg, renderFramePartSvg, type FramePart } from './svg';

const CACHE_LIMIT = 2_000;
const IMAGE_NOT_FOUND = 'Billedet blev ikke fundet.';
const PART_FILE = new RegExp(`^(${FRAME_PARTS.join('|')})\\.svg$`);

/**
 * GET /media/articles/{articleId}/{index}/{size}.svg — generated product pictures (SPEC §9 widths);
 * GET /media/articles/{articleId}/parts/{front|temple}.svg — a frame's parts on a transparent
 * background for the 3D view and the camera try-on (SPEC §1).
 */
export function imageRoutes(catalogue: CatalogueService): Router {
  const r = Router();
  // Bounded cache: Map keeps insertion order, so the oldest entry is evicted first.
  const cache = new Map<string, { svg: string; etag: string }>();

  /** Answers with the SVG cached under `key` (rendered on a miss), its ETag, and a 304 when the client has it. */
  function sendSvg(req: Request, res: Response, key: string, render: () => string): void {
    let hit = cache.get(key);
    if (!hit) {
      const svg = render();
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
  }

  // Before the picture route, whose `:index` would otherwise take "parts".
  r.get('/media/articles/:articleId/parts/:file', async (req, res) => {
    const m = PART_FILE.exec(req.params.file);
    const article = await catalogue.getArticle(req.params.articleId);
    if (!m || !article || !isFrame(article)) throw notFound(IMAGE_NOT_FOUND);
    const part = m[1] as FramePart;
    sendSvg(req, res, `${article.id}/${article.version}/parts/${part}`, () => renderFramePartSvg(article, part));
  });

  r.get('/media/articles/:articleId/:index/:file', async (req, res) => {
    const m = /^(xs|sm|md|lg|xl)\.svg$/.exec(req.params.file);
    const index = Number(req.params.index);
    const article = await catalogue.getArticle(req.params.articleId);
    if (!m || !article || !Number.isInteger(index) || !article.medias[index]) throw notFound(IMAGE_NOT_FOUND);
    const size = m[1] as MediaSize;
    sendSvg(req, res, `${article.id}/${article.version}/${index}/${size}`, () => renderArticleSvg(article, index, size));
  });

  return r;
}
