// @vitest-environment node
import { mkdtemp, writeFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sunglasses } from '../src/features/product/test-data';
import { renderPage } from '../src/entry-server';
import { pageHeadMiddleware } from './page-head';

const SHELL = '<!doctype html><html lang="da"><head><meta name="description" content="Shop" /><title>Profil Optik – briller, solbriller og kontaktlinser</title></head><body><div id="root"></div></body></html>';
const TREE = [{ path: '/solbriller', title: 'Solbriller', kind: 'category', count: 1, children: [{ path: '/solbriller/ray-ban', title: 'Ray-Ban', kind: 'brand', count: 1 }] }];

/** A build's manifest as Vite writes it: the entry with its chunks, and the product page's code with its own and shared ones. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'] },
  '_framework-1.js': { file: 'assets/framework-1.js' },
  '_price-1.js': { file: 'assets/price-1.js', imports: ['_framework-1.js'] },
  'src/features/product/product-route.tsx': { file: 'assets/product-route-1.js', imports: ['index.html', '_framework-1.js', '_price-1.js'], css: ['assets/product-route-1.css'] },
};

/** A stand-in API: the answers the page heads read, and what it was asked. */
const asked: { path: string; forwardedFor: string | undefined }[] = [];
let catalogueVersion = 1;
let price = 129_900;
const api = http.createServer((req, res) => {
  const url = new URL(req.url!, 'http://api');
  asked.push({ path: url.pathname, forwardedFor: req.headers['x-forwarded-for'] as string | undefined });
  const json = (status: number, body: unknown) => (res.writeHead(status, { 'Content-Type': 'application/json' }), res.end(JSON.stringify(body)));
  const missing = () => json(404, { error: { code: 'not_found', message: 'Varen blev ikke fundet.' } });
  if (url.pathname === '/api/catalogue/snapshot') return json(200, { version: catalogueVersion, articles: [] });
  if (url.pathname === '/api/catalogue/categories') return json(200, { data: TREE });
  if (url.pathname === '/api/article/ray-ban-aviator-guld') return json(200, { data: sunglasses({ price: { unit: { publicationStatus: 20, currency: 'DKK', isCampaign: false, ordinaryPrice: price, couponPrice: null, fromPrice: false, amount: price }, subscription: null } }) });
  if (url.pathname === '/v2/product-listing') return json(200, { n_hits: 1, product_listing_request_id: 'r1', displays: [{ product_id: 'a-00001', title: 'Aviator', brand: 'Ray-Ban', page_url: '/produkt/ray-ban-aviator-guld', image_url: '/media/articles/a-00001/0/md.svg', original_price: 1299, sale_price: 1299 }] });
  if (url.pathname === '/api/pages/kontakt-os') return json(200, { data: { slug: 'kontakt-os', url: '/kontakt-os', title: 'Kontakt os', summary: 'Ring eller skriv.', body: ['Vi svarer.'], image: null, footerSection: 'kundeservice' } });
  return missing();
});

let shop: http.Server;
let base = '';
let passed: string[] = [];
let clock = 1_000_000;

beforeAll(async () => {
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-page-head-'));
  await writeFile(path.join(dir, 'index.html'), SHELL);
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(MANIFEST));
  const middleware = pageHeadMiddleware({ apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, shellPath: path.join(dir, 'index.html'), manifestPath: path.join(dir, 'manifest.json'), publicUrl: 'https://www.profil-optik.example', now: () => clock, render: renderPage });
  shop = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    void middleware(req, res, (err?: unknown) => {
      passed.push(req.url!);
      res.statusCode = err ? 500 : 200;
      res.end('the shell as it is');
    });
  });
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
afterAll(() => {
  api.close();
  shop.close();
});
beforeEach(() => {
  asked.length = 0;
  passed = [];
});

/** The app's markup in the page (what the server rendered into its root). */
const rootOf = (html: string) => /<div id="root">(.*)<\/div><script type="application\/json" id="optik-seed">/s.exec(html)?.[1] ?? '';
const seedOf = (html: string) => JSON.parse(/<script type="application\/json" id="optik-seed">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json" data-server-head>(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

describe("the shop's server puts a public page's head into its HTML (issue 19)", () => {
  it('a product URL answers, without any script, its name, price, picture and Product data — asking the API with the visitor’s address', async () => {
    const res = await fetch(`${base}/produkt/ray-ban-aviator-guld`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<title>Ray-Ban Aviator – Profil Optik</title>');
    expect(html).toContain('<meta property="product:price:amount" content="1299.00" data-server-head>');
    expect(html).toContain('<meta property="og:image" content="https://www.profil-optik.example/v2/image?url=');
    expect(html).toContain('<link rel="canonical" href="https://www.profil-optik.example/produkt/ray-ban-aviator-guld" data-server-head>');
    expect(jsonLd(html)[0]).toMatchObject({ '@type': 'Product', offers: { price: '1299.00', priceCurrency: 'DKK' } });
    expect(asked.map((a) => a.path)).toEqual(expect.arrayContaining(['/api/article/ray-ban-aviator-guld', '/api/catalogue/categories']));
    expect(asked.every((a) => a.forwardedFor === '127.0.0.1')).toBe(true);
    // The page's own chunks are named for the browser to fetch beside the entry; the entry's are not.
    expect([...html.matchAll(/<link rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/assets/product-route-1.js', '/assets/product-route-1.css', '/assets/price-1.js']);
    // The page itself is rendered: its heading and price in the app's root, and the data the browser hydrates it from.
    const root = rootOf(html);
    expect(root).toMatch(/<h1[^>]*>Ray-Ban Aviator<\/h1>/);
    expect(root).toContain('1.299,00\u00a0kr.');
    expect(seedOf(html)['article:ray-ban-aviator-guld']).toMatchObject({ ok: true, data: { data: { name: 'Ray-Ban Aviator' } } });
    expect(html).not.toContain('<noscript>');
    // The head and the page asked for the product once.
    expect(asked.filter((a) => a.path === '/api/article/ray-ban-aviator-guld')).toHaveLength(1);
  });

  it('takes only a well-formed host from the request for its links (when no public address is set)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-page-head-'));
    await writeFile(path.join(dir, 'index.html'), SHELL);
    const noPublicUrl = pageHeadMiddleware({ apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, shellPath: path.join(dir, 'index.html'), now: () => clock });
    const html = async (host: string) => {
      let body = '';
      const res = { statusCode: 0, setHeader: () => undefined, end: (b?: string) => void (body = b ?? '') } as unknown as ServerResponse;
      await noPublicUrl({ method: 'GET', url: '/', headers: { host }, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage, res, () => undefined);
      return body;
    };
    expect(await html('127.0.0.1:5173')).toContain('<link rel="canonical" href="http://127.0.0.1:5173/"');
    expect(await html('evil.example/"><script>')).toContain('<link rel="canonical" href="http://localhost/"');
  });

  it('an unknown product answers 404 with the Danish not-found page in its HTML', async () => {
    const res = await fetch(`${base}/produkt/findes-ikke`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(rootOf(html)).toContain('<h1>Siden blev ikke fundet</h1>');
    expect(html).toContain('<meta name="robots" content="noindex" data-server-head>');
    expect(html).not.toContain('modulepreload');
  });

  it('catalogue and content pages get their heads; an unknown path is not found', async () => {
    const brand = await (await fetch(`${base}/solbriller/ray-ban`)).text();
    expect(brand).toContain('<title>Ray-Ban – Profil Optik</title>');
    // Its heading and first products are in the HTML (for a visitor or crawler without scripts).
    expect(rootOf(brand)).toMatch(/<h1[^>]*>Ray-Ban<\/h1>/);
    expect(rootOf(brand)).toContain('<a class="product-link" href="/produkt/ray-ban-aviator-guld">');
    const contact = await (await fetch(`${base}/kontakt-os`)).text();
    expect(contact).toContain('<meta name="description" content="Ring eller skriv." />');
    expect(rootOf(contact)).toContain('<h1>Kontakt os</h1>');
    expect(rootOf(contact)).toContain('Vi svarer.');
    expect((await fetch(`${base}/findes-slet-ikke`)).status).toBe(404);
  });

  it('personal pages, files and the API go on untouched: nothing personal is rendered into shared HTML', async () => {
    for (const p of ['/min-konto/ordrer', '/checkout', '/betal/abc', '/assets/index.js', '/api/auth/me', '/favicon.svg']) expect(await (await fetch(`${base}${p}`)).text()).toBe('the shell as it is');
    expect(passed).toHaveLength(6);
    expect(asked).toEqual([]);
  });

  it('a rendered head is reused while the catalogue stays the same, and made again when it changes', async () => {
    await fetch(`${base}/produkt/ray-ban-aviator-guld`);
    asked.length = 0;
    price = 99_900;
    // The catalogue version is checked at most every few seconds: within them, the cached page.
    expect(await (await fetch(`${base}/produkt/ray-ban-aviator-guld`)).text()).toContain('content="1299.00"');
    expect(asked.filter((a) => a.path === '/api/article/ray-ban-aviator-guld')).toEqual([]);
    // Later, the catalogue has changed: the page is made again with the new price.
    clock += 6_000;
    catalogueVersion = 2;
    expect(await (await fetch(`${base}/produkt/ray-ban-aviator-guld`)).text()).toContain('content="999.00"');
    expect(asked.filter((a) => a.path === '/api/article/ray-ban-aviator-guld')).toHaveLength(1);
  });
});
