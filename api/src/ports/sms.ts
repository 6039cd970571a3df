import { randomUUID } from 'node:crypto';
import { link, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface SmsMessage {
  /** E.164 (+4520304050). */
  to: string;
  text: string;
  /**
   * The same key is sent once, however often it is handed over: a delivery retried after a crash
   * between sending and recording it (on this or another instance) sends no second SMS. Gateways
   * take it as their idempotency key; the local outbox names the message file by it.
   */
  idempotencyKey?: string;
}

/** Outgoing SMS as a port. Only the local outbox exists today; a gateway adapter implements the same `send`. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

const SENDER = 'ProfilOptik';

/**
 * Keeps every SMS as a JSON file in `dir` (one per message), so developers can read what a
 * customer would get. A file appears whole or not at all (written aside, then linked in); a
 * message with an idempotency key is one file named by the key, created once.
 */
export function createLocalSms(dir: string): SmsSender {
  let n = 0;
  return {
    async send(message) {
      // Personal data (phone numbers, texts): readable by the API's user only.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const at = new Date().toISOString();
      const tmp = path.join(dir, `.${randomUUID()}.tmp`);
      await writeFile(tmp, JSON.stringify({ from: SENDER, to: message.to, text: message.text, at }, null, 2), { mode: 0o600 });
      if (!message.idempotencyKey) {
        await rename(tmp, path.join(dir, `${at.replace(/[:.]/g, '-')}-${String(++n).padStart(4, '0')}.json`));
        return;
      }
      const name = `key-${Buffer.from(message.idempotencyKey).toString('base64url')}.json`;
      try {
        // link() refuses an existing name: of two deliveries with one key, one file.
        await link(tmp, path.join(dir, name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      } finally {
        await unlink(tmp);
      }
    },
  };
}

/** Test double: keeps the messages in memory; like a gateway, it sends a key once. */
export function createMemorySms(): SmsSender & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return {
    sent,
    async send(message) {
      if (message.idempotencyKey !== undefined && sent.some((m) => m.idempotencyKey === message.idempotencyKey)) return;
      sent.push(message);
    },
  };
}
