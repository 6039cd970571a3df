/**
 * What must hold across API instances besides data (ARCHITECTURE.md: coordination). The
 * memory implementation serves the embedded store (one process); the PostgreSQL one (advisory
 * locks) comes with the PostgreSQL adapter. Services never keep such state in their own memory.
 */
export interface Coordination {
  /**
   * Runs `fn` while holding the lock named `key`: tasks with the same key run one after another
   * (a second payment of one order waits for the first and then sees its result), tasks with
   * different keys side by side. For work that calls the outside world and so cannot be one
   * storage transaction; keep storage writes inside it in transactions of their own.
   */
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Single flight: while a run for `key` is under way, other callers get that run's result
   * instead of starting their own (a cache being filled, a job being run).
   */
  singleFlight<T>(key: string, fn: () => Promise<T>): Promise<T>;
}
