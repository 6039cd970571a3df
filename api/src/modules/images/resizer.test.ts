import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Article } from '@optik/shared';
import { errorHandler } from '../../http/errors';
import { makeTestApp, testConfig, type TestApp } from '../../test/harness';
import { articlesCollection } from '../catalogue/records';
import { imageResizeRoutes } from './resize';
import { ImageResizer, ladderWidth, WIDTH_LADDER } from './resizer';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
async function cacheDir() {
  const d = await mkdtemp(path.join(os.tmpdir(), 'optik-image-cache-test-'));
  dirs.push(d);
  return d;
}

/** The resize route alone, on a test app's catalogue, with the given resizer. */
function resizeApp(t: TestApp, resizer: ImageResizer) {
  const app = express();
  app.use(imageResizeRoutes({ config: testConfig, catalogue: t.services.catalogue, resizer }));
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
}

/** GET /v2/image with the body as bytes. */
const image = (app: express.Express, query: object) =>
  request(app)
    .get('/v2/image')
    .query(query)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });

async function files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const sub of await readdir(dir)) for (const f of await readdir(path.join(dir, sub))) out.push(f);
  return out;
}

describe('resized images: ladder widths, disk cache, bounded queue (issue 15 finding 7)', () => {
  let articles: Article[];
  const picture = (i: number) => articles[i]!.medias[0]!.lg;

  it('rounds an asked width up to the ladder: 1000 is made 1024 wide, and 999–1024 share one resize', async () => {
    const t = await makeTestApp();
    articles = await t.storage.collection(articlesCollection).all();
    const resizer = new ImageResizer({ dir: await cacheDir() });
    const app = resizeApp(t, resizer);
    const res = await image(app, { format: 'png', url: picture(0), width: 1000 }).expect(200);
    expect((await sharp(res.body as Buffer).metadata()).width).toBe(1024);
    for (const width of [999, 1023, 1024]) await request(app).get('/v2/image').query({ format: 'png', url: picture(0), width }).expect(200);
    expect(resizer.resizes).toBe(1);
    expect(ladderWidth(64)).toBe(64);
    expect(ladderWidth(65)).toBe(128);
    expect(ladderWidth(4096)).toBe(4096);
    expect(WIDTH_LADDER).toHaveLength(11);
  });

  it('serves a second request from the disk cache without resizing, also after a restart, with long cache headers', async () => {
    const t = await makeTestApp();
    articles = await t.storage.collection(articlesCollection).all();
    const dir = await cacheDir();
    const first = new ImageResizer({ dir });
    const q = { format: 'webp', url: picture(1), width: 300 };
    const a = await image(resizeApp(t, first), q).expect(200);
    const b = await image(resizeApp(t, first), q).expect(200);
    expect(first.resizes).toBe(1);
    expect(Buffer.compare(a.body as Buffer, b.body as Buffer)).toBe(0);
    expect(a.headers['cache-control']).toBe('public, max-age=604800');
    // Written atomically: one file, no temp file left.
    expect(await files(dir)).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.webp$/)]);

    // Another process on the same folder finds it on disk.
    const restarted = new ImageResizer({ dir });
    const c = await image(resizeApp(t, restarted), q).expect(200);
    expect(restarted.resizes).toBe(0);
    expect(Buffer.compare(a.body as Buffer, c.body as Buffer)).toBe(0);
    await request(resizeApp(t, restarted)).get('/v2/image').query(q).set('If-None-Match', c.headers.etag!).expect(304);
  });

  it('answers 503 JSON with Retry-After when the resize queue is full, and still serves cached pictures', async () => {
    const t = await makeTestApp();
    articles = await t.storage.collection(articlesCollection).all();
    const resizer = new ImageResizer({ dir: await cacheDir(), concurrency: 1, maxWaiting: 1 });
    const app = resizeApp(t, resizer);
    await request(app).get('/v2/image').query({ format: 'jpeg', url: picture(2), width: 128 }).expect(200);

    // One resize running, one waiting: the queue is full.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = resizer.queue.run(() => held);
    const waiting = request(app).get('/v2/image').query({ format: 'jpeg', url: picture(3), width: 128 }).then((r) => r);
    await expect.poll(() => resizer.queue.size.waiting).toBe(1);

    const full = await request(app).get('/v2/image').query({ format: 'jpeg', url: picture(4), width: 128 }).expect(503);
    expect(full.headers['content-type']).toMatch(/json/);
    expect(full.headers['retry-after']).toBe('2');
    expect(full.body.error).toEqual({ code: 'unavailable', message: expect.stringMatching(/Prøv igen/) });
    // A picture already made needs no place in the queue.
    await request(app).get('/v2/image').query({ format: 'jpeg', url: picture(2), width: 100 }).expect(200);

    release();
    await running;
    expect((await waiting).status).toBe(200);
    await request(app).get('/v2/image').query({ format: 'jpeg', url: picture(4), width: 128 }).expect(200);
    expect(resizer.resizes).toBe(3);
  });

  it('keeps the disk cache within its bound: the least recently used pictures go first', async () => {
    const t = await makeTestApp();
    articles = await t.storage.collection(articlesCollection).all();
    const dir = await cacheDir();
    // A bound smaller than any picture: only the one made last stays.
    const resizer = new ImageResizer({ dir, maxBytes: 1 });
    const app = resizeApp(t, resizer);
    for (const i of [5, 6, 7]) await request(app).get('/v2/image').query({ format: 'png', url: picture(i), width: 64 }).expect(200);
    expect(await files(dir)).toHaveLength(1);
    await request(app).get('/v2/image').query({ format: 'png', url: picture(7), width: 64 }).expect(200);
    expect(resizer.resizes).toBe(3);
    await request(app).get('/v2/image').query({ format: 'png', url: picture(5), width: 64 }).expect(200);
    expect(resizer.resizes).toBe(4);
    expect(await files(dir)).toHaveLength(1);
    // Within a roomy bound every picture stays.
    const roomy = new ImageResizer({ dir: await cacheDir(), maxBytes: 10 * 1024 * 1024 });
    const app2 = resizeApp(t, roomy);
    for (const i of [5, 6, 7, 5]) await request(app2).get('/v2/image').query({ format: 'png', url: picture(i), width: 64 }).expect(200);
    expect(roomy.resizes).toBe(3);
  });
});
