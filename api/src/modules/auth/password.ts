import { availableParallelism } from 'node:os';
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HttpError } from '../../http/errors';

/**
 * Password hashing with Node's built-in scrypt (memory-hard, no native addon to build).
 * Stored as `scrypt$N$r$p$salt$hash` (base64url) so parameters can be raised later.
 */
const N = 16384;
const r = 8;
const p = 1;
const KEYLEN = 32;

/** What a caller is told when the hashing queue is full (503 with Retry-After, in the API's one error shape). */
export const HASHING_BUSY_MESSAGE = 'Der er travlt lige nu. Prøv igen om lidt.';
export const HASHING_RETRY_AFTER_SECONDS = 1;

/**
 * Issue 15: logins for unknown e-mails ran scrypt unbounded (42 logins/s made a real login take
 * 1.4 s, and scrypt fills libuv's thread pool, which file writes share). At most `maxConcurrent`
 * hashes run at once, at most `maxQueued` wait for a turn, and beyond that the caller is refused
 * at once (503 "Prøv igen om lidt") rather than slowing every login down. CPU protection of this
 * one process, so it lives in memory on purpose.
 */
export class HashingLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most hashes seen running at once (for tests and diagnostics). */
  peak = 0;

  constructor(
    public maxConcurrent: number,
    public maxQueued: number,
  ) {}

  /** Runs `task` when a slot is free; refuses at once when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Takes a slot (waiting in the bounded queue); the caller must `release()` it. */
  acquire(): Promise<void> {
    if (this.active < this.maxConcurrent) {
      this.take();
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxQueued) {
      return Promise.reject(new HttpError(503, 'unavailable', HASHING_BUSY_MESSAGE, undefined, { 'Retry-After': String(HASHING_RETRY_AFTER_SECONDS) }));
    }
    return new Promise((resolve) => this.waiting.push(() => (this.take(), resolve())));
  }

  release(): void {
    this.active -= 1;
    if (this.active < this.maxConcurrent) this.waiting.shift()?.();
  }

  private take(): void {
    this.active += 1;
    this.peak = Math.max(this.peak, this.active);
  }
}

/**
 * The process's one limiter: as many hashes as cores, but leaving one of libuv's 4 threads for
 * file I/O; a queue of 64 is a wait of well under a second or two at worst.
 */
export const passwordHashing = new HashingLimiter(Math.max(1, Math.min(availableParallelism(), 3)), 64);

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return passwordHashing.run(
    () =>
      new Promise((resolve, reject) =>
        scryptCb(password.normalize('NFC'), salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEYLEN, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, rr, pp, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
