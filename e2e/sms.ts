import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './env';

/** The local SMS outbox of the API under test (DATA_DIR/sms), oldest first. */
export function smsOutbox(): { to: string; text: string; at: string }[] {
  const dir = path.join(dataDir, 'sms');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string; at: string })
    .sort((a, b) => a.at.localeCompare(b.at));
}
