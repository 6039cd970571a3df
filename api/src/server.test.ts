import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/**
 * Runs the API (`tsx src/server.ts`, or the given arguments) until it prints `until` or exits;
 * `atUntil` runs first against what it printed. Returns its output and exit code.
 */
function runServer(
  env: Record<string, string | undefined>,
  until: RegExp,
  args = ['--import', 'tsx', 'src/server.ts'],
  atUntil: (output: string) => Promise<void> = async () => {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: apiDir,
      // The production build's environment in demo mode (the simulators stand in for the outside services).
      env: { ...process.env, NODE_ENV: 'production', DEMO: '1', LOG_LEVEL: 'info', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let reached = false;
    const onData = (b: Buffer) => {
      output += b.toString();
      if (reached || !until.test(output)) return;
      reached = true;
      atUntil(output).then(
        () => child.kill('SIGTERM'),
        (err: unknown) => {
          child.kill('SIGKILL');
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('server start-up', () => {
  it('in production (NODE_ENV=production without DEMO=1) refuses to start without real adapters, naming each, before touching the data folder', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-server-'));
    dirs.push(dir);
    // DEMO unset (spawn leaves out undefined values); the secrets production takes from the environment are given.
    const res = await runServer({ DATA_DIR: dir, DEMO: undefined, APP_SECRET: 's'.repeat(40), DATA_ENCRYPTION_KEY: 'c'.repeat(64) }, /API klar/);
    expect(res.code).toBe(1);
    expect(res.output).toContain('Produktion kræver rigtige adaptere');
    for (const name of ['e-ID (EID_ISSUER, EID_CLIENT_ID og EID_CLIENT_SECRET)', 'e-mail (SMTP_URL)', 'betalinger', 'SMS', 'CVR-registret', 'Lifestyle-platformen', 'DEMO=1']) expect(res.output).toContain(name);
    expect(res.output).not.toMatch(/demodata lagt i|API klar/);
    // No store opened, nothing seeded.
    expect((await readdir(dir)).filter((f) => f.endsWith('.json'))).toEqual([]);
  }, 60_000);

  it('seeds an empty data folder on first start and keeps what was written on the next', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-server-'));
    dirs.push(dir);
    const first = await runServer({ DATA_DIR: dir }, /API klar/);
    expect(first.output).toMatch(/demodata lagt i/);
    const catalogue = await readFile(path.join(dir, 'catalogue.json'), 'utf8');
    const second = await runServer({ DATA_DIR: dir }, /API klar/);
    expect(second.output).not.toMatch(/demodata lagt i/);
    expect(await readFile(path.join(dir, 'catalogue.json'), 'utf8')).toBe(catalogue);
  }, 60_000);

  it('refuses to start on a half-written data file, naming the file and the backup', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-server-'));
    dirs.push(dir);
    await runServer({ DATA_DIR: dir }, /API klar/);
    const file = path.join(dir, 'accounts.json');
    const good = await readFile(file, 'utf8');
    const broken = good.slice(0, Math.floor(good.length / 2));
    await writeFile(file, broken);
    const res = await runServer({ DATA_DIR: dir }, /API klar/);
    expect(res.code).toBe(1);
    expect(res.output).toContain(file);
    expect(res.output).toContain(path.join(dir, 'backup'));
    expect(await readFile(file, 'utf8')).toBe(broken);
  }, 60_000);

  it('the production bundle (node build.mjs → dist/server.js) runs without a TypeScript loader on the data a source run wrote', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-server-'));
    dirs.push(dir);
    await runServer({ DATA_DIR: dir }, /API klar/);
    const built = await new Promise<number | null>((resolve) => spawn(process.execPath, ['build.mjs'], { cwd: apiDir, stdio: 'inherit' }).on('exit', resolve));
    expect(built).toBe(0);
    let health = 0;
    let stores = 0;
    const res = await runServer({ DATA_DIR: dir }, /API klar på http:\/\/localhost:\d+/, ['dist/server.js'], async (output) => {
      const base = /API klar på (http:\/\/localhost:\d+)/.exec(output)![1]!.replace('localhost', '127.0.0.1');
      health = (await fetch(`${base}/healthz`)).status;
      stores = ((await (await fetch(`${base}/api/site/search?q=aarhus`)).json()) as { stores: { hits: number } }).stores.hits;
    });
    expect(res.output).not.toMatch(/demodata lagt i/);
    expect(health).toBe(200);
    expect(stores).toBeGreaterThan(0);
    expect(res.code).toBe(0);
  }, 60_000);

  it('refuses an invalid configuration with a message naming the variable', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-server-'));
    dirs.push(dir);
    await mkdir(dir, { recursive: true });
    const res = await runServer({ DATA_DIR: dir, PORT: 'abc' }, /API klar/);
    expect(res.code).not.toBe(0);
    expect(res.output).toMatch(/PORT/);
  }, 30_000);
});
