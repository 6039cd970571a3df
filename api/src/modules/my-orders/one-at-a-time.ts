/**
 * Runs tasks with the same key one after another — a second submit of a return, or a second
 * payment of an invoice, waits for the first and then sees its result — and tasks with different
 * keys side by side. In-process only: the API is one process (ARCHITECTURE.md, embedded store).
 */
export class OneAtATime {
  private readonly running = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.running.get(key) ?? Promise.resolve();
    const next = before.catch(() => null).then(task);
    this.running.set(key, next);
    return next.finally(() => {
      if (this.running.get(key) === next) this.running.delete(key);
    });
  }
}
