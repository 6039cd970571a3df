import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface SmsMessage {
  /** E.164 (+4520304050). */
  to: string;
  text: string;
}

/** Outgoing SMS as a port. Only the local outbox exists today; a gateway adapter implements the same `send`. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

const SENDER = 'ProfilOptik';

/** Keeps every SMS as a JSON file in `dir` (one per message), so developers can read what a customer would get. */
export function createLocalSms(dir: string): SmsSender {
  let n = 0;
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const at = new Date().toISOString();
      const name = `${at.replace(/[:.]/g, '-')}-${String(++n).padStart(4, '0')}.json`;
      await writeFile(path.join(dir, name), JSON.stringify({ from: SENDER, ...message, at }, null, 2));
    },
  };
}

/** Test double: keeps the messages in memory. */
export function createMemorySms(): SmsSender & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
