// @vitest-environment node
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopServer } from './shop-server';

const SHELL = '<!doctype html><html lang="da"><head><title>Profil Optik</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const app = ${JSON.stringify('x'.repeat(4000))};`;
/** A small route chunk, as a page loads several. */
const SMALL = `export const t = ${JSON.stringify('Udfyld styrken for mindst ét øje. '.repeat(12))};`;

/** A stand-in API that echoes what reached it. */
const api = http.createServer((req, res) => {
  if (req.url === '/api/catalogue/categories') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data: [] }));
  res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'shopper=abc; HttpOnly' }).end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers }));
});
let shop: http.Server;
let down: http.Server;
let base = '';
let downBase = '';

const listen = async (s: http.Server) => {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'optik-shop-server-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), SHELL);
  await writeFile(path.join(dist, 'assets', 'app-1.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets', 'small-1.js'), SMALL);
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const apiUrl = await listen(api);
  shop = createShopServer({ distDir: dist, apiUrl });
  base = await listen(shop);
  // An API that is not there.
  const closed = http.createServer();
  const closedUrl = await listen(closed);
  await new Promise((r) => closed.close(r));
  down = createShopServer({ distDir: dist, apiUrl: closedUrl });
  downBase = await listen(down);
});
afterAll(() => {
  for (const s of [api, shop, down]) s.close();
});

describe("the shop's own server (issue 19)", () => {
  it('passes the API paths on with their method, body and cookies, telling the API the address of the connection — never a client-written one', async () => {
    const res = await fetch(`${base}/api/cart/update?x=1`, { method: 'POST', headers: { 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '6.6.6.6', forwarded: 'for=6.6.6.6', cookie: 'shopper=abc' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBe('shopper=abc; HttpOnly');
    const seen = (await res.json()) as { method: string; url: string; headers: Record<string, string> };
    expect(seen).toMatchObject({ method: 'POST', url: '/api/cart/update?x=1' });
    expect(seen.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.headers['x-real-ip']).toBeUndefined();
    expect(seen.headers.forwarded).toBeUndefined();
    expect(seen.headers.cookie).toBe('shopper=abc');
    for (const p of ['/media/articles/a/0/md.svg', '/v2/product-listing', '/sitemap.xml', '/robots.txt', '/create-events']) expect(((await (await fetch(`${base}${p}`)).json()) as { url: string }).url, p).toBe(p);
  });

  it('answers in the one error shape, in Danish, when the API does not answer', async () => {
    const res = await fetch(`${downBase}/api/auth/me`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: { code: 'bad_gateway', message: 'Tjenesten svarer ikke lige nu. Prøv igen om lidt.' } });
  });

  it('serves the built files gzipped, the hashed ones as immutable; a missing file is a 404, not the app', async () => {
    const res = await new Promise<http.IncomingMessage>((r) => http.get(`${base}/assets/app-1.js`, { headers: { 'accept-encoding': 'gzip' } }, r));
    const body: Buffer[] = [];
    for await (const chunk of res) body.push(chunk as Buffer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(Buffer.concat(body)).toString()).toBe(SCRIPT);
    const small = await new Promise<http.IncomingMessage>((r) => http.get(`${base}/assets/small-1.js`, { headers: { 'accept-encoding': 'gzip' } }, r));
    small.resume();
    expect(Buffer.byteLength(SMALL)).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBe('gzip');
    expect((await fetch(`${base}/favicon.svg`)).headers.get('cache-control')).toBe('no-cache');
    const missing = await fetch(`${base}/assets/findes-ikke-1.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Ikke fundet');
  });

  it('gives personal pages the plain shell, asks the API nothing for them, and refuses other methods', async () => {
    for (const p of ['/min-konto/ordrer', '/checkout', '/betal/abc']) {
      const res = await fetch(`${base}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(await res.text(), p).toBe(SHELL);
    }
    expect((await fetch(`${base}/checkout`, { method: 'POST' })).status).toBe(405);
  });

  it('puts a public page’s head into its HTML', async () => {
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:');
    expect(html).toContain('application/ld+json');
  });
});
