import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { dataDir } from './env';

/** The texts of every mail to `address`, newest first: the local mail adapter keeps each one as nodemailer JSON in DATA_DIR/mail. */
export async function mailsTo(address: string): Promise<string[]> {
  const dir = path.join(dataDir, 'mail');
  const texts: string[] = [];
  for (const f of (await readdir(dir).catch(() => [])).sort().reverse()) {
    const mail = JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { to: { address: string }[]; text: string };
    if (mail.to.some((t) => t.address === address)) texts.push(mail.text);
  }
  return texts;
}

/** The text of the newest mail to `address`. */
export async function mailTo(address: string): Promise<string> {
  const [newest] = await mailsTo(address);
  if (newest === undefined) throw new Error(`no mail to ${address}`);
  return newest;
}

/**
 * Whether some mail to `address` contains `text`. Tests running in parallel mail the same demo
 * customers, so a test looks for its own mail among all of them, not at the newest one.
 */
export async function hasMail(address: string, text: string): Promise<boolean> {
  return (await mailsTo(address)).some((t) => t.includes(text));
}

/** Waits for a mail to `address` with a link containing `marker`, and returns that link. */
export async function linkInMail(address: string, marker: string): Promise<string> {
  await expect.poll(() => mailTo(address).catch(() => '')).toContain(marker);
  const link = (await mailTo(address)).split(/\s+/).find((w) => w.startsWith('http') && w.includes(marker));
  if (!link) throw new Error(`no ${marker} link in the mail to ${address}`);
  return link;
}

