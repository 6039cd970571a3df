import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@optik/shared';
import { makeTestApp, shopperAgent } from '../test/harness';
import { METHOD_NOT_ALLOWED_MESSAGE } from './errors';

describe('HTTP core', () => {
  it('answers /healthz and gives every response a request id', async () => {
    const t = await makeTestApp();
    const res = await request(t.app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('keeps a well-formed incoming request id', async () => {
    const t = await makeTestApp();
    const res = await request(t.app).get('/healthz').set('X-Request-Id', 'abc-12345678').expect(200);
    expect(res.headers['x-request-id']).toBe('abc-12345678');
  });

  it('sends security headers and no x-powered-by', async () => {
    const t = await makeTestApp();
    const res = await request(t.app).get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers an unknown API path with the JSON error shape', async () => {
    const t = await makeTestApp();
    const res = await request(t.app).get('/api/nope').expect(404);
    expect(apiErrorSchema.parse(res.body).error.code).toBe('not_found');
  });

  it('answers OPTIONS without text/plain: 204 with Allow and no body on a route, the JSON 404 elsewhere (issue 15)', async () => {
    const t = await makeTestApp();
    const res = await request(t.app).options('/api/auth/login').expect(204);
    expect(res.headers.allow).toBe('POST, OPTIONS');
    expect(res.headers['content-type']).toBeUndefined();
    expect(res.text).toBe('');
    expect((await request(t.app).options('/api/stores/st-001').expect(204)).headers.allow).toBe('GET, HEAD, OPTIONS');
    const unknown = await request(t.app).options('/api/nope').expect(404);
    expect(unknown.headers['content-type']).toMatch(/application\/json/);
    expect(apiErrorSchema.parse(unknown.body).error.code).toBe('not_found');
  });

  it('answers a known path asked with another method 405 in the JSON error shape, with Allow', async () => {
    const t = await makeTestApp();
    const res = await request(t.app).get('/api/auth/login').expect(405);
    expect(res.headers.allow).toBe('POST, OPTIONS');
    expect(apiErrorSchema.parse(res.body).error).toEqual({ code: 'bad_request', message: METHOD_NOT_ALLOWED_MESSAGE });
    expect((await request(t.app).delete('/healthz').expect(405)).headers['content-type']).toMatch(/application\/json/);
  });

  it('answers malformed JSON with 400 JSON, never an HTML stack', async () => {
    const t = await makeTestApp();
    const s = await shopperAgent(t);
    const res = await s.agent
      .post('/api/cart/update')
      .set('CSRF-TOKEN', s.token)
      .set('Content-Type', 'application/json')
      .send('{"skuId": "x", "quantity": ')
      .expect(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(apiErrorSchema.parse(res.body).error.code).toBe('malformed_json');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});
