#!/usr/bin/env node
// One entry for the README's commands on a machine that has only Node ≥ 20 and npm:
//   node scripts/run.mjs start   – API + both apps with seeded demo data
//   node scripts/run.mjs test    – every test (unit, API, e2e)
// It installs pnpm when missing, installs the workspace from the lockfile when needed,
// then runs the root package.json script of the same name.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '12.21.0';
const [script = 'start', ...args] = process.argv.slice(2);

const major = Number(process.versions.node.split('.')[0]);
if (major < 20) {
  console.error(`Node ${process.versions.node} er for gammel: brug Node 20 eller nyere.`);
  process.exit(1);
}

const isWin = process.platform === 'win32';
function run(cmd, argv, opts = {}) {
  return spawnSync(cmd, argv, { stdio: 'inherit', cwd: root, shell: isWin, ...opts });
}
function works(cmd, argv) {
  const r = spawnSync(cmd, argv, { stdio: 'ignore', shell: isWin });
  return r.status === 0;
}

let pnpm = ['pnpm'];
if (!works('pnpm', ['--version'])) {
  console.log(`pnpm mangler: installerer pnpm@${PNPM_VERSION} med npm …`);
  const g = run('npm', ['install', '-g', `pnpm@${PNPM_VERSION}`]);
  if (g.status !== 0 || !works('pnpm', ['--version'])) {
    // No rights to install globally: run pnpm through npx instead.
    pnpm = ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
  }
}

const marker = path.join(root, 'node_modules', '.modules.yaml');
const lock = path.join(root, 'pnpm-lock.yaml');
const stale = !existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs;
if (stale) {
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  const inst = run(pnpm[0], [...pnpm.slice(1), 'install', ...frozen]);
  if (inst.status !== 0) process.exit(inst.status ?? 1);
}

const r = run(pnpm[0], [...pnpm.slice(1), 'run', script, ...args]);
process.exit(r.status ?? 1);
