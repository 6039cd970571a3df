import type { Coordination } from './port';

/** Per-key locks and single flights within one process: right for the embedded store, which runs one API process. */
export function createMemoryCoordination(): Coordination {
  const running = new Map<string, Promise<unknown>>();
  const flights = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const before = running.get(key) ?? Promise.resolve();
      const next = before.catch(() => null).then(fn);
      running.set(key, next);
      return next.finally(() => {
        if (running.get(key) === next) running.delete(key);
      });
    },
    singleFlight<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const known = flights.get(key);
      if (known) return known as Promise<T>;
      const run = fn().finally(() => flights.delete(key));
      flights.set(key, run);
      return run;
    },
  };
}
