// Before `playwright test`: use the system Chromium when present (CHROMIUM_PATH or Debian's
// /usr/bin/chromium); otherwise download Playwright's own once (a laptop with internet).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (process.env.CHROMIUM_PATH || existsSync('/usr/bin/chromium')) process.exit(0);
console.log('Ingen system-Chromium fundet: henter Playwrights Chromium …');
const r = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(r.status ?? 1);
