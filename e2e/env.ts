import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Ports and the temporary data folder of one e2e run; workers inherit them from the main process. */
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'optik-e2e-'));

export const dataDir = process.env.E2E_DATA_DIR;
export const apiPort = Number(process.env.E2E_API_PORT ?? 4100);
export const webPort = Number(process.env.E2E_WEB_PORT ?? 5183);
export const storePort = Number(process.env.E2E_STORE_PORT ?? 5184);
export const apiURL = `http://127.0.0.1:${apiPort}`;
export const webURL = `http://localhost:${webPort}`;
export const storeURL = `http://localhost:${storePort}`;
/** The host page of the real Depict UI client (issue 18), an origin the API's widget CORS allows. */
export const depictPort = Number(process.env.E2E_DEPICT_PORT ?? apiPort + 3);
export const depictURL = `http://localhost:${depictPort}`;

/** The system Chromium when there is one (Debian's /usr/bin/chromium), else Playwright's own. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
