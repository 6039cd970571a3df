// @vitest-environment node
import { createServer as createHttpServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';

/**
 * The apps' server is the proxy in front of the API (issue 15 finding 2): it tells the API the
 * client's address from the connection, never what the client wrote in a forwarding header.
 * A real dev server with the shared proxy settings in front of a target that echoes what it got.
 */
describe('the apps’ proxy to the API', () => {
  let target: Server;
  let vite: ViteDevServer;
  let port = 0;

  beforeAll(async () => {
    target = createHttpServer((req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify(req.headers)));
    await new Promise<void>((done) => target.listen(0, '127.0.0.1', done));
    process.env.API_URL = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    const { baseConfig } = await import('../../vite.config.base');
    const base = baseConfig(0);
    vite = await createServer({ configFile: false, root: __dirname, logLevel: 'silent', appType: 'custom', server: { ...base.server, port: 0, strictPort: false, host: '127.0.0.1', hmr: false, ws: false } });
    await vite.listen();
    port = (vite.httpServer!.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await vite?.close();
    await new Promise((done) => target?.close(done));
  });

  const get = (path: string, headers: Record<string, string>) =>
    new Promise<IncomingHttpHeaders>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(JSON.parse(body) as IncomingHttpHeaders));
      })
        .on('error', reject)
        .end();
    });

  it('replaces a client-written X-Forwarded-For (and the other forwarding headers) with the connection’s address', async () => {
    const seen = await get('/api/catalogue', { 'x-forwarded-for': '203.0.113.7, 198.51.100.1', forwarded: 'for=203.0.113.7', 'x-forwarded-host': 'evil.example', 'x-real-ip': '203.0.113.7' });
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen['x-forwarded-proto']).toBe('http');
    expect(seen.forwarded).toBeUndefined();
    // The host the request was made to, not the one the client wrote (issue 16).
    expect(seen['x-forwarded-host']).toBe(`127.0.0.1:${port}`);
    expect(seen['x-real-ip']).toBeUndefined();
  });

  it('forwards the host name the app was opened on (Host), so demo links and MitID come back there', async () => {
    const seen = await get('/api/eid/start', { host: `localhost:${port}` });
    expect(seen['x-forwarded-host']).toBe(`localhost:${port}`);
  });

  it('sets the address on requests that came without one too, on every proxied path', async () => {
    for (const path of ['/api/auth/me', '/v2/search', '/create-events', '/media/x.jpg']) {
      expect((await get(path, {}))['x-forwarded-for']).toBe('127.0.0.1');
    }
  });
});
