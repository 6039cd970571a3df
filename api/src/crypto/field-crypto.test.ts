import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createFieldCrypto, UnknownKeyIdError } from './field-crypto';
import { cprIndexSecret, keyIdOf, parseDataKeyRing } from './keys';

describe('field encryption', () => {
  const c = createFieldCrypto('secret-secret-secret-secret-secret-1', 'cpr');
  it('round-trips and never stores the plain text', () => {
    const sealed = c.encrypt('070761-4285', 'cu-1');
    expect(sealed).not.toContain('070761');
    expect(sealed).not.toBe(c.encrypt('070761-4285', 'cu-1'));
    expect(c.decrypt(sealed, 'cu-1')).toBe('070761-4285');
  });
  it('refuses another owner, another key and a tampered value', () => {
    const sealed = c.encrypt('070761-4285', 'cu-1');
    expect(() => c.decrypt(sealed, 'cu-2')).toThrow();
    expect(() => createFieldCrypto('another-secret-another-secret-123', 'cpr').decrypt(sealed, 'cu-1')).toThrow();
    expect(() => createFieldCrypto('secret-secret-secret-secret-secret-1', 'other').decrypt(sealed, 'cu-1')).toThrow();
    const parts = sealed.split('.');
    // Flip the first ciphertext byte (overwriting it with a fixed byte was a no-op once in 256 runs).
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 0xff;
    parts[3] = data.toString('base64url');
    expect(() => c.decrypt(parts.join('.'), 'cu-1')).toThrow();
  });
});

describe('field encryption with the data-key ring (key ids, rotation)', () => {
  const LEGACY = 'secret-secret-secret-secret-secret-1';
  const hexA = 'a1'.repeat(32);
  const hexB = 'b2'.repeat(32);
  const ring = (key: string, opts: { id?: string; oldKeys?: string } = {}) => {
    const parsed = parseDataKeyRing({ key, ...opts, defaultIndex: 'current' });
    if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
    return parsed.ring;
  };
  const idA = keyIdOf(Buffer.from(hexA, 'hex'));

  it('seals as v2.<kid>.… under the current key; a value sealed under A opens after rotating to B with A among the old keys', () => {
    const underA = createFieldCrypto({ legacy: LEGACY, ring: ring(hexA) }, 'cpr');
    const sealed = underA.encrypt('070761-4285', 'cu-1');
    expect(sealed.split('.').slice(0, 2)).toEqual(['v2', idA]);
    expect(sealed.split('.')).toHaveLength(5);
    expect(underA.isCurrent(sealed)).toBe(true);

    const rotated = createFieldCrypto({ legacy: LEGACY, ring: ring(hexB, { oldKeys: `${idA}:${hexA}` }) }, 'cpr');
    expect(rotated.decrypt(sealed, 'cu-1')).toBe('070761-4285');
    expect(rotated.isCurrent(sealed)).toBe(false);
    const resealed = rotated.encrypt(rotated.decrypt(sealed, 'cu-1'), 'cu-1');
    expect(resealed.split('.')[1]).toBe(keyIdOf(Buffer.from(hexB, 'hex')));
    // After re-sealing, B alone opens it.
    expect(createFieldCrypto({ legacy: LEGACY, ring: ring(hexB) }, 'cpr').decrypt(resealed, 'cu-1')).toBe('070761-4285');
  });

  it('a value sealed under a key id the ring does not hold fails with an error naming the id and the setting', () => {
    const sealed = createFieldCrypto({ legacy: LEGACY, ring: ring(hexA) }, 'cpr').encrypt('070761-4285', 'cu-1');
    const onlyB = createFieldCrypto({ legacy: LEGACY, ring: ring(hexB) }, 'cpr');
    expect(() => onlyB.decrypt(sealed, 'cu-1')).toThrow(UnknownKeyIdError);
    expect(() => onlyB.decrypt(sealed, 'cu-1')).toThrow(`nøgle-id "${idA}"`);
    expect(() => onlyB.decrypt(sealed, 'cu-1')).toThrow('DATA_ENCRYPTION_OLD_KEYS');
    // A forged key id (another key's id in front of A's ciphertext) does not open either.
    const forged = sealed.replace(`v2.${idA}.`, `v2.${keyIdOf(Buffer.from(hexB, 'hex'))}.`);
    expect(() => onlyB.decrypt(forged, 'cu-1')).toThrow();
  });

  it('a v1 value (sealed before key ids, with the legacy secret) still opens with a ring configured, and is not current', () => {
    const v1 = createFieldCrypto(LEGACY, 'prescription').encrypt('{"kind":"glasses"}', 'rx-1');
    expect(v1.startsWith('v1.')).toBe(true);
    const withRing = createFieldCrypto({ legacy: LEGACY, ring: ring(hexA) }, 'prescription');
    expect(withRing.decrypt(v1, 'rx-1')).toBe('{"kind":"glasses"}');
    expect(withRing.isCurrent(v1)).toBe(false);
    // The legacy key is the secret's, not the ring's: another legacy secret does not open it.
    expect(() => createFieldCrypto({ legacy: 'another-secret-another-secret-123', ring: ring(hexA) }, 'prescription').decrypt(v1, 'rx-1')).toThrow();
  });

  it('a configured key id is used as given; the same key under another id is another key id', () => {
    const sealed = createFieldCrypto({ legacy: LEGACY, ring: ring(hexA, { id: 'k2026' }) }, 'cpr').encrypt('x', 'o');
    expect(sealed.startsWith('v2.k2026.')).toBe(true);
    expect(() => createFieldCrypto({ legacy: LEGACY, ring: ring(hexA) }, 'cpr').decrypt(sealed, 'o')).toThrow(UnknownKeyIdError);
    expect(createFieldCrypto({ legacy: LEGACY, ring: ring(hexB, { oldKeys: `k2026:${hexA}` }) }, 'cpr').decrypt(sealed, 'o')).toBe('x');
  });
});

describe('the data-key ring from the environment', () => {
  it('takes exactly 64 hex characters, and names the variable with a Danish message otherwise', () => {
    for (const bad of ['x'.repeat(64), 'a1'.repeat(31), 'a1'.repeat(33), 'secret-secret-secret-secret-secret-1']) {
      const r = parseDataKeyRing({ key: bad, defaultIndex: 'current' });
      expect(r).toEqual({ issues: [{ variable: 'DATA_ENCRYPTION_KEY', message: expect.stringContaining('64 hex-tegn') }] });
    }
    const ok = parseDataKeyRing({ key: 'A1'.repeat(32), defaultIndex: 'current' });
    expect('ring' in ok && ok.ring.current.id).toBe(createHash('sha256').update(Buffer.from('a1'.repeat(32), 'hex')).digest('hex').slice(0, 8));
  });

  it('parses DATA_ENCRYPTION_OLD_KEYS as id:hex pairs, refuses a malformed entry without echoing it, and one id with two keys', () => {
    const ok = parseDataKeyRing({ key: 'b2'.repeat(32), oldKeys: ` old1:${'a1'.repeat(32)}, old0:${'c3'.repeat(32)} `, defaultIndex: 'current' });
    expect('ring' in ok && ok.ring.old.map((k) => k.id)).toEqual(['old1', 'old0']);
    const bad = parseDataKeyRing({ key: 'b2'.repeat(32), oldKeys: `old1=${'a1'.repeat(32)}`, defaultIndex: 'current' });
    expect('issues' in bad && bad.issues[0]!.variable).toBe('DATA_ENCRYPTION_OLD_KEYS');
    expect(JSON.stringify(bad)).not.toContain('a1a1');
    const twice = parseDataKeyRing({ key: 'b2'.repeat(32), id: 'cur', oldKeys: `cur:${'a1'.repeat(32)}`, defaultIndex: 'current' });
    expect('issues' in twice && twice.issues[0]!.message).toContain('"cur"');
  });

  it('keys the CPR index by the legacy secret (as before the ring) or by a ring key, never by the encryption keys themselves', () => {
    const legacy = parseDataKeyRing({ key: 'b2'.repeat(32), defaultIndex: 'legacy' });
    const current = parseDataKeyRing({ key: 'b2'.repeat(32), defaultIndex: 'current' });
    if (!('ring' in legacy) || !('ring' in current)) throw new Error('ring');
    expect(cprIndexSecret({ legacy: 'L'.repeat(40), ring: legacy.ring })).toBe('L'.repeat(40));
    expect(cprIndexSecret({ legacy: 'L'.repeat(40) })).toBe('L'.repeat(40));
    const derived = cprIndexSecret({ legacy: 'L'.repeat(40), ring: current.ring });
    expect(derived).not.toBe('L'.repeat(40));
    expect(derived).not.toContain('b2b2');
    const unknown = parseDataKeyRing({ key: 'b2'.repeat(32), indexKeyId: 'nope', defaultIndex: 'current' });
    expect('issues' in unknown && unknown.issues[0]!.variable).toBe('DATA_ENCRYPTION_INDEX_KEY_ID');
  });
});
