import type { Application } from 'express';

/**
 * The app's routes read from Express's own router stack, so nothing has to be kept in step by
 * hand: the OPTIONS / 405 answers (methods.ts) and the route fuzz test use it.
 * Relies on router@2's layers (`route`, `handle.stack`, `match(path)` without side effects).
 */
interface Layer {
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
  handle?: { stack?: Layer[] };
  match(path: string): { path: string } | false | undefined | null;
}

export interface RouteEntry {
  method: string;
  /** The route's pattern as written (e.g. `/api/company/contracts/:id/document`). */
  path: string;
}

function stackOf(app: Application): Layer[] {
  return (app as unknown as { router: { stack: Layer[] } }).router.stack;
}

function ownMethods(route: NonNullable<Layer['route']>): string[] {
  return Object.keys(route.methods)
    .filter((m) => route.methods[m] === true)
    .map((m) => m.toUpperCase());
}

/** Every route of the app (method and pattern), in the order Express tries them. */
export function routeTable(app: Application): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) if (typeof p === 'string') for (const method of ownMethods(layer.route)) out.push({ method, path: `${prefix}${p}` });
      } else if (layer.handle?.stack) {
        // This app mounts its routers at the root; a router mounted under a path keeps its prefix.
        const raw = (layer as { rawPath?: unknown }).rawPath;
        walk(layer.handle.stack, typeof raw === 'string' && raw !== '/' ? `${prefix}${raw}` : prefix);
      }
    }
  };
  walk(stackOf(app), '');
  return out;
}

/** The methods some route answers at this concrete path (HEAD with GET), or none. */
export function allowedMethods(app: Application, path: string): string[] {
  const found = new Set<string>();
  const walk = (stack: Layer[], rest: string) => {
    for (const layer of stack) {
      const m = layer.match(rest);
      if (!m) continue;
      if (layer.route) for (const method of ownMethods(layer.route)) found.add(method);
      else if (layer.handle?.stack) walk(layer.handle.stack, rest.slice(m.path.length) || '/');
    }
  };
  walk(stackOf(app), path);
  if (found.has('GET')) found.add('HEAD');
  return [...found].sort();
}
