// Child processes the benchmarks start: the real API on a data folder (seeded on start) and
// waiting for a URL to answer. Used by store-pwa/bench/chaos.ts and customer-web/bench/lighthouse.ts.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Polls `url` until it answers 2xx (every 25 ms, at most `timeoutMs`): a restart is timed to within that. */
export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the API as production runs it — the bundle `api/dist/server.js` (`buildApi` first) in
 * production mode — on `port` with `dataDir`, and waits for /healthz.
 */
export async function startApi(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(process.env.API_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.API_PROFILE] : []), 'dist/server.js'], {
    cwd: path.join(repoRoot, 'api'),
    // Production build in demo mode (DEMO=1): the benches pay with the simulator.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', NODE_ENV: 'production', DEMO: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForUrl(`http://127.0.0.1:${port}/healthz`);
  return child;
}

/** Builds the API's production bundle (api/dist/server.js) from the current source. */
export function buildApi(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['build.mjs'], { cwd: path.join(repoRoot, 'api'), stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`API build failed (exit ${code})`))));
  });
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
