import { describe, expect, it } from 'vitest';
import { createFieldCrypto } from './field-crypto';

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
    parts[3] = Buffer.from('x' + Buffer.from(parts[3]!, 'base64url').toString('latin1').slice(1), 'latin1').toString('base64url');
    expect(() => c.decrypt(parts.join('.'), 'cu-1')).toThrow();
  });
});
