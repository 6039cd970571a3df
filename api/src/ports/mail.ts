import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing e-mail as a port: SMTP in production, a local inbox folder by default and in tests. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = 'Profil Optik <kundeservice@profil-optik.example>';

/**
 * nodemailer builds the real MIME message either way; with `jsonTransport` it hands it back
 * instead of sending, and we keep it as a file in `dir` (one JSON per mail), so developers
 * can read what a customer would have received.
 */
export function createLocalMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  let n = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: FROM, ...message });
      // Personal data (addresses, links): readable by the API's user only.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++n).padStart(4, '0')}.json`;
      await writeFile(path.join(dir, name), String(info.message), { mode: 0o600 });
    },
  };
}

export function createSmtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from: FROM, ...message });
    },
  };
}

/** Test double: keeps the messages in memory. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
