import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@optik/shared';
import { makeTestApp, shopperAgent } from '../test/harness';

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
