import type { Server } from 'node:http';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@optik/shared';
import { routeTable, type RouteEntry } from './http/route-table';
import { makeTestApp, type TestApp } from './test/harness';

/**
 * Issue 15 finding 5: a property-based fuzz of every route (read from Express's router stack, so
 * a new route is fuzzed without touching this file). Bodies, queries and path parameters come
 * from arbitrary JSON with prototype keys (`__proto__`, `constructor`, `toString` …), field names
 * the schemas use, huge strings, deep nesting and numbers as strings; each request goes as an
 * anonymous visitor, a shopper, a signed-in customer or store staff, with the CSRF token where
 * the visitor has one, so requests reach validation. Asserted: never a 5xx, and every error in
 * the API's one JSON error shape. Deterministic: a fixed seed (fast-check prints the seed, path
 * and counterexample of a failure; set FUZZ_SEED / FUZZ_RUNS to explore further).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261115);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

/** Keys a polluting or sloppy lookup trips over, and field names the shared schemas use. */
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];
const FIELD_KEYS = [
  'id', 'type', 'payload', 'commands', 'createdAt', 'email', 'password', 'passwordRepeat', 'token', 'name', 'firstName', 'lastName', 'phone',
  'q', 'query', 'skuId', 'articleId', 'quantity', 'lines', 'lineIndex', 'storeId', 'customerId', 'orderId', 'orderNumber', 'returnNumber', 'status',
  'cvr', 'organisationNumber', 'filters', 'filter', 'events', 'data', 'width', 'page', 'pageSize', 'sort', 'since', 'from', 'to', 'date', 'cpr',
  'number', 'pin', 'amount', 'method', 'payment', 'version', 'reason', 'comment', 'kind', 'code', 'widgetId', 'value', 'values', 'address', 'zip',
];

const leafString = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...PROTO_KEYS, '', ' ', '0', '1', '-1', '1e3', '12.5', 'NaN', 'Infinity', 'true', 'null', '[]', '{}', '0x10', '2026-02-30', 'R500001', 'st-001', 'kunde@example.dk', '../../etc/passwd', '%00', '\u0000', '😀'.repeat(3)),
  fc.constantFrom(100, 256, 1_001, 10_000, 70_000).map((n) => 'å'.repeat(n)),
);
const leaf = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(0, -0, -1, 1e308, -1e308, 2 ** 53, 0.1, 1e-9),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  leafString,
);
const key = fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.constantFrom(...FIELD_KEYS), fc.string({ maxLength: 8 }));

/** JSON text (built as text, so `__proto__` is a real own key on the wire). */
const { json, obj } = fc.letrec<{ json: string; arr: string; obj: string }>((tie) => ({
  json: fc.oneof({ depthSize: 'small' }, leaf.map((v) => JSON.stringify(v)), tie('arr'), tie('obj')),
  arr: fc.array(tie('json'), { maxLength: 4 }).map((xs) => `[${xs.join(',')}]`),
  obj: fc.array(fc.tuple(key, tie('json')), { maxLength: 6 }).map((kv) => `{${kv.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
}));
/** Deep nesting, beyond what any schema expects. */
const deep = fc.integer({ min: 20, max: 400 }).map((n) => `${'{"a":['.repeat(n)}1${']}'.repeat(n)}`);
/** A top-level object, mostly with the schemas' field names: what gets past the first check. */
const body = fc.oneof(
  { weight: 6, arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_KEYS), key), json), { maxLength: 8 }).map((kv) => `{${kv.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`) },
  { weight: 2, arbitrary: json },
  { weight: 1, arbitrary: deep },
  // The store app's outbox: commands whose type is a real one or a built-in method's name.
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.uuid(), fc.constantFrom(...PROTO_KEYS, 'customer.create', 'customer.update', 'prescription.create', 'order.create', 'requisition.decide'), fc.oneof(obj, json)), { maxLength: 3 })
      .map((cs) => `{"commands":[${cs.map(([id, type, p]) => `{"id":"${id}","type":${JSON.stringify(type)},"createdAt":"2026-11-22T09:00:00.000Z","payload":${p}}`).join(',')}]}`),
  },
);
/** A query string: repeated keys (arrays), prototype keys, bracket syntax. */
// Short enough to fit Node's 16 KB header limit (beyond it Node itself answers 431 before the app).
const query = fc.array(fc.tuple(fc.oneof(key, key.map((k) => `${k}[${k}]`), key.map((k) => `${k}[]`)), fc.oneof(leafString.filter((v) => v.length <= 1_001), fc.integer().map(String))), { maxLength: 5 }).map((kv) => new URLSearchParams(kv).toString());
const param = fc.oneof(leafString.filter((v) => v.length <= 256), fc.uuid(), fc.constantFrom('co-001', 'u-kunde', 'st-001'));

type Actor = 'anonymous' | 'shopper' | 'customer' | 'staff';
const ACTORS: Actor[] = ['anonymous', 'shopper', 'customer', 'staff'];

let t: TestApp;
let server: Server;
const sessions = new Map<Actor, { agent: ReturnType<typeof request.agent>; token: string | null }>();

async function signIn(actor: Actor): Promise<void> {
  const agent = request.agent(server);
  if (actor === 'anonymous') {
    sessions.set(actor, { agent, token: null });
    return;
  }
  const token = (await agent.get('/api/site/shopper').expect(200)).body.token as string;
  if (actor === 'customer') await agent.post('/api/auth/login').set('CSRF-TOKEN', token).send({ email: 'kunde@example.dk', password: 'Demo1234!' }).expect(200);
  if (actor === 'staff') await agent.post('/api/auth/store/login').set('CSRF-TOKEN', token).send({ storeId: 'st-001', username: 'medarbejder1', password: 'Demo1234!' }).expect(200);
  sessions.set(actor, { agent, token });
}

/** A fuzzed logout (or password change) ends a session: sign in again before the next route. */
async function keepSignedIn(): Promise<void> {
  for (const actor of ['customer', 'staff'] as const) {
    const s = sessions.get(actor);
    if (!s || (await s.agent.get('/api/auth/me')).status !== 200) await signIn(actor);
  }
}

const concrete = (pattern: string, values: string[]) => {
  let i = 0;
  return pattern.replace(/[{}]/g, '').replace(/[:*](\w+)/g, () => encodeURIComponent(values[i++ % values.length] ?? 'x'));
};

/*
 * Schema-guided input: the route's own 400 answers name the fields its schema wants ("commands.0.type",
 * "filters.0.data"), so a few probes per route find a body (or query) that gets past the first
 * checks; the fuzz then swaps parts of it for arbitrary JSON and adds polluting keys, so the
 * arbitrary data reaches the code behind validation. Nothing per route is written by hand.
 */
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const PROBE_VALUES: Json[] = [[{}], {}, '3f0c2d0e-6a4b-4c1d-9e8f-0a1b2c3d4e5f', '2026-12-01T10:00:00.000Z', '2026-12-01', 'kunde@example.dk', '20304050', 'st-001', 'x', 1, true, ['x']];

function setAt(root: Json, path: string[], value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const index = /^\d+$/.test(head) ? Number(head) : null;
  if (index !== null) {
    const arr = Array.isArray(root) ? [...root] : [];
    while (arr.length <= index) arr.push({});
    arr[index] = setAt(arr[index]!, rest, value);
    return arr;
  }
  const obj: { [k: string]: Json } = root && typeof root === 'object' && !Array.isArray(root) ? { ...root } : {};
  Object.defineProperty(obj, head, { value: setAt(Object.hasOwn(obj, head) ? obj[head]! : {}, rest, value), enumerable: true, writable: true, configurable: true });
  return obj;
}

/** Paths (dotted) of every part of a value: '' is the whole; objects' paths for extra keys. */
function pathsOf(v: Json, path = '', all: string[] = [], objects: string[] = []): { all: string[]; objects: string[] } {
  all.push(path);
  const join = (k: string | number) => (path ? `${path}.${k}` : String(k));
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, join(i), all, objects));
  else if (v && typeof v === 'object') {
    objects.push(path);
    for (const [k, x] of Object.entries(v)) pathsOf(x, join(k), all, objects);
  }
  return { all, objects };
}

/** JSON text of a value with some parts replaced by (and extra keys given) arbitrary JSON text. */
function render(v: Json, subs: Map<string, string>, extras: Map<string, [string, string][]>, path = ''): string {
  const sub = subs.get(path);
  if (sub !== undefined) return sub;
  const join = (k: string | number) => (path ? `${path}.${k}` : String(k));
  if (Array.isArray(v)) return `[${v.map((x, i) => render(x, subs, extras, join(i))).join(',')}]`;
  if (v && typeof v === 'object') {
    const parts = Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${render(x, subs, extras, join(k))}`);
    for (const [k, text] of extras.get(path) ?? []) parts.push(`${JSON.stringify(k)}:${text}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(v);
}

type Probe = (input: Json) => Promise<Record<string, string> | null>;

/** The choices an enum's Danish message lists ('forventede en af følgende "eq"|"in"…'). */
const optionsIn = (message: string) => [...message.matchAll(/"([^"]{1,60})"/g)].map((m) => m[1]!);

/**
 * Fills in what the 400 answers ask for, a few rounds deep; stops at what is accepted or cannot
 * be guessed. Optional fields are found by sending every known field name at once with a wrong
 * value: the schema names the ones it has.
 */
async function inferInput(probe: Probe, values: Json[], discovery: Json): Promise<Json> {
  let input: Json = {};
  let errors = (await probe(input)) ?? {};
  const pending = new Map(Object.entries(errors));
  for (const [path, message] of Object.entries((await probe(discovery)) ?? {})) {
    const top = path.split('.')[0]!;
    if (!pending.has(top)) pending.set(top, path === top ? message : '');
  }
  const tried = new Set<string>();
  for (let round = 0; round < 6 && pending.size > 0; round++) {
    for (const [p, message] of [...pending].slice(0, 16)) {
      tried.add(p);
      for (const value of [...optionsIn(message), ...values]) {
        const next = setAt(input, p.split('.'), value);
        const after = await probe(next);
        if (!after) continue;
        const keys = Object.keys(after);
        if (keys.includes(p) && !keys.some((k) => k.startsWith(`${p}.`))) continue;
        input = next;
        errors = after;
        break;
      }
    }
    pending.clear();
    for (const [p, message] of Object.entries(errors)) if (p !== '_' && !tried.has(p)) pending.set(p, message);
  }
  return input;
}

/** What replaces a part of a valid input: a built-in method's name, a polluting object, a number as a string, a huge string, any JSON. */
const mutant = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTO_KEYS).map((k) => JSON.stringify(k)) },
  { weight: 2, arbitrary: obj },
  { weight: 2, arbitrary: leaf.map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: json },
  { weight: 1, arbitrary: deep },
);

const guided = (skeleton: Json) => {
  const { all, objects } = pathsOf(skeleton);
  // Mostly the leaves (where a wrong type or a method's name slips through), sometimes a whole part.
  const leaves = all.filter((p) => !objects.includes(p) && !all.some((q) => q.startsWith(`${p}.`)));
  const part = leaves.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...leaves) }, { weight: 1, arbitrary: fc.constantFrom(...all) }) : fc.constantFrom(...all);
  return fc
    .record({
      subs: fc.array(fc.tuple(part, mutant), { minLength: 1, maxLength: 2 }),
      extras: fc.array(fc.tuple(fc.constantFrom(...(objects.length ? objects : [''])), key, json), { maxLength: 2 }),
    })
    .map(({ subs, extras }) => {
      const byPath = new Map<string, [string, string][]>();
      for (const [p, k, text] of extras) byPath.set(p, [...(byPath.get(p) ?? []), [k, text]]);
      return render(skeleton, new Map(subs), byPath);
    });
};

const guidedQuery = (skeleton: Json) => {
  const entries = skeleton && typeof skeleton === 'object' && !Array.isArray(skeleton) ? Object.entries(skeleton).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string]) : [];
  const value = fc.oneof(leafString.filter((v) => v.length <= 1_001), fc.integer().map(String));
  return fc
    .record({ swap: fc.array(fc.tuple(fc.nat(), value), { maxLength: 3 }), extra: fc.array(fc.tuple(key, value), { maxLength: 2 }) })
    .map(({ swap, extra }) => {
      const kv = entries.map(([k, v]) => [k, v] as [string, string]);
      for (const [i, v] of swap) if (kv.length) kv[i % kv.length]![1] = v;
      return new URLSearchParams([...kv, ...extra]).toString();
    });
};

function check(route: RouteEntry, path: string, res: request.Response): void {
  const where = `${route.method} ${path}`;
  expect(res.status, `${where} answered ${res.status}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.headers['content-type'], `${where} ${res.status} is not JSON`).toMatch(/^application\/json/);
    expect(apiErrorSchema.safeParse(res.body).success, `${where} ${res.status} is not the error shape: ${res.text.slice(0, 300)}`).toBe(true);
  }
}

beforeAll(async () => {
  // The widget events' per-address limit (30 a minute) would answer the fuzz's later calls 429 before validation.
  t = await makeTestApp({ config: { widgetEventRateLimit: { windowMs: 60_000, max: 100_000 } } });
  server = t.app.listen(0);
  for (const actor of ACTORS) await signIn(actor);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

// The route list, read from a throwaway app (the one under test is built in beforeAll).
const routes = routeTable((await makeTestApp()).app).filter((r) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));

describe('fuzz: every route, arbitrary input (issue 15)', () => {
  it('finds the routes to fuzz by walking the router', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/sync' });
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s: no 5xx, every error in the JSON shape', async (_name, route) => {
    await keepSignedIn();
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const send = (actor: Actor, path: string, q: string, payload: string | null) => {
      const s = sessions.get(actor)!;
      let req = s.agent[method](q ? `${path}?${q}` : path);
      if (s.token) req = req.set('CSRF-TOKEN', s.token);
      return payload === null ? req : req.set('Content-Type', 'application/json').send(payload);
    };
    // Probe as the first visitor the route lets in; its 400 answers guide the fuzz.
    const placeholder = concrete(route.path, ['3f0c2d0e-6a4b-4c1d-9e8f-0a1b2c3d4e5f']);
    let skeleton: Json = {};
    let guide: Actor = 'shopper';
    for (const actor of ['staff', 'customer', 'shopper'] as const) {
      const probe: Probe = async (input) => {
        const res = method === 'get' ? await send(actor, placeholder, new URLSearchParams(Object.entries(input as object).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString(), null) : await send(actor, placeholder, '', JSON.stringify(input));
        check(route, placeholder, res);
        // The widget's /v2 routes answer a request that fails validation 422 (issue 18), the rest 400.
        return (res.status === 400 || res.status === 422) && res.body?.error?.fields ? (res.body.error.fields as Record<string, string>) : null;
      };
      // This visitor may not call the route at all: try the next.
      if ([401, 403].includes((method === 'get' ? await send(actor, placeholder, '', null) : await send(actor, placeholder, '', '{}')).status)) continue;
      const get = method === 'get';
      const discovery = Object.fromEntries(FIELD_KEYS.map((k) => [k, get ? '\u0000' : 1]));
      skeleton = await inferInput(probe, get ? PROBE_VALUES.filter((v) => typeof v === 'string') : PROBE_VALUES, discovery);
      guide = actor;
      break;
    }
    const input = method === 'get' ? fc.tuple(fc.oneof({ weight: 3, arbitrary: guidedQuery(skeleton) }, { weight: 1, arbitrary: query }), fc.constant(null)) : fc.tuple(query, fc.oneof({ weight: 3, arbitrary: guided(skeleton) }, { weight: 1, arbitrary: body }));
    await fc.assert(
      fc.asyncProperty(fc.oneof({ weight: 3, arbitrary: fc.constant(guide) }, { weight: 1, arbitrary: fc.constantFrom(...ACTORS) }), fc.array(param, { minLength: 1, maxLength: 3 }), input, async (actor, params, [q, payload]) => {
        const path = concrete(route.path, params);
        check(route, path, await send(actor, path, q, payload));
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 60_000);
});
