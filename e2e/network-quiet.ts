import type { Page, Request } from '@playwright/test';
import { expect } from './fixtures';

/** How long nothing may be on the network for a page to count as settled (Playwright's own 'networkidle' uses the same). */
const QUIET_MS = 500;

/**
 * Watches a page's requests from now on, so a test can wait until the network is quiet — and,
 * when it never is, say why: the requests still open and those made over and over, instead of
 * a bare timeout of `waitForLoadState('networkidle')`.
 */
export function watchNetwork(page: Page) {
  const open = new Map<Request, number>();
  const started: { url: string; at: number }[] = [];
  let lastActivity = Date.now();
  page.on('request', (r) => {
    open.set(r, Date.now());
    started.push({ url: r.url(), at: Date.now() });
    lastActivity = Date.now();
  });
  const done = (r: Request) => {
    open.delete(r);
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);

  const describe = () => {
    const now = Date.now();
    const openList = [...open].map(([r, at]) => `${r.method()} ${r.url()} (open ${now - at} ms)`);
    const recent = new Map<string, number>();
    for (const s of started) if (now - s.at < 10_000) recent.set(s.url, (recent.get(s.url) ?? 0) + 1);
    const repeated = [...recent].filter(([, n]) => n > 2).map(([url, n]) => `${url} ×${n}`);
    return `still open: ${openList.join(', ') || 'none'}; asked more than twice in the last 10 s: ${repeated.join(', ') || 'none'}`;
  };

  return {
    /** Waits until nothing has been on the network for 500 ms; fails after `timeout` naming what kept it busy. */
    async quiet(timeout = 30_000): Promise<void> {
      try {
        await expect.poll(() => open.size === 0 && Date.now() - lastActivity >= QUIET_MS, { timeout, intervals: [100] }).toBe(true);
      } catch {
        throw new Error(`the network did not go quiet within ${timeout} ms at ${page.url()} — ${describe()}`);
      }
    },
  };
}
