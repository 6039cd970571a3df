import { vi } from 'vitest';
import type { ApiResult } from '@optik/shared/client';

/** A handler answers a call like the API would: a status and a JSON body (`{ error }` when refused). */
/** What the fake needs of a schema (the shared zod schemas have it). */
interface Parser<T> {
  parse(value: unknown): T;
}

export type Handler = (body: unknown, path: string) => { status: number; body: unknown };

/**
 * A fake of the shop's API client for the company pages: each path (without query) has a handler;
 * answers are parsed with the caller's schema, as the real client does.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  async function call<T>(schema: Parser<T>, path: string, body?: unknown): Promise<ApiResult<T>> {
    const handler = handlers[path.split('?')[0]!];
    if (!handler) throw new Error(`no fake for ${path}`);
    const res = handler(body, path);
    if (res.status < 300) return { ok: true, status: res.status, data: schema.parse(res.body) };
    return { ok: false, status: res.status, error: (res.body as { error: Extract<ApiResult<T>, { ok: false }>['error'] }).error };
  }
  return {
    get: vi.fn(<T>(schema: Parser<T>, path: string) => call(schema, path)),
    post: vi.fn(<T>(schema: Parser<T>, path: string, body?: unknown) => call(schema, path, body)),
  };
}

export const refused = (status: number, message: string, fields?: Record<string, string>) => ({
  status,
  body: { error: { code: status === 404 ? 'not_found' : status === 409 ? 'conflict' : status === 410 ? 'gone' : 'validation_failed', message, ...(fields ? { fields } : {}) } },
});
