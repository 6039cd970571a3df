// Child processes the benchmarks start: the real API on a data folder (seeded on start) and
// waiting for a URL to answer. Used by store-pwa/bench/chaos.ts and customer-web/bench/lighthouse.ts.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Polls `url` until it answers 2xx (every 100 ms, at most `timeoutMs`). */
export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts the API in production mode on `port` with `dataDir`, and waits for /healthz. */
export async function startApi(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(repoRoot, 'api'),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForUrl(`http://127.0.0.1:${port}/healthz`);
  return child;
}

/** Starts a long-running command in its own process group, so `stopGroup` ends it and its children. */
export function startGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  return spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], detached: true, ...options });
}

export function stopGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
