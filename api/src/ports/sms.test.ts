import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalSms, createMemorySms } from './sms';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('SMS outboxes', () => {
  it('the local outbox keeps one file per idempotency key, however many deliveries race, and no temp files', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'optik-sms-'));
    dirs.push(dir);
    const sms = createLocalSms(dir);
    // Two instances retrying one delivery at once, and a later retry.
    await Promise.all(Array.from({ length: 10 }, () => sms.send({ to: '+4520304050', text: 'Betal din ordre', idempotencyKey: 'payment-request:r1' })));
    await sms.send({ to: '+4520304050', text: 'Betal din ordre', idempotencyKey: 'payment-request:r1' });
    await sms.send({ to: '+4520304050', text: 'Anden ordre', idempotencyKey: 'payment-request:r2' });
    await sms.send({ to: '+4520304050', text: 'Uden nøgle' });
    await sms.send({ to: '+4520304050', text: 'Uden nøgle' });
    const files = await readdir(dir);
    expect(files.filter((f) => !f.endsWith('.json'))).toEqual([]);
    const texts = await Promise.all(files.map(async (f) => (JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { text: string }).text));
    expect(texts.sort()).toEqual(['Anden ordre', 'Betal din ordre', 'Uden nøgle', 'Uden nøgle']);
  });

  it('the memory double sends a key once, like a gateway', async () => {
    const sms = createMemorySms();
    await sms.send({ to: '+4520304050', text: 'a', idempotencyKey: 'k' });
    await sms.send({ to: '+4520304050', text: 'a', idempotencyKey: 'k' });
    await sms.send({ to: '+4520304050', text: 'b' });
    expect(sms.sent.map((m) => m.text)).toEqual(['a', 'b']);
  });
});
