import { describe, expect, it } from 'vitest';
import { base64ToBytes, base64ToUtf8, bytesToBase64, utf8ToBase64 } from './base64';

describe('base64 (RFC 4648 test vectors)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ];
  it.each(vectors)('%j ⇄ %j', (plain, encoded) => {
    expect(utf8ToBase64(plain)).toBe(encoded);
    expect(base64ToUtf8(encoded)).toBe(plain);
  });

  it('encodes UTF-8, not Latin-1', () => {
    expect(utf8ToBase64('æøå')).toBe('w6bDuMOl');
    expect(utf8ToBase64('👓')).toBe('8J+Rkw==');
    expect(base64ToUtf8('8J+Rkw==')).toBe('👓');
  });

  it('round-trips every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect([...base64ToBytes(bytesToBase64(bytes))!]).toEqual([...bytes]);
  });

  it('accepts the URL-safe alphabet and missing padding', () => {
    expect(base64ToUtf8('8J-Rkw')).toBe('👓');
  });

  it('rejects characters outside the alphabet, impossible lengths and invalid UTF-8', () => {
    expect(base64ToBytes('Zm9v!')).toBeUndefined();
    expect(base64ToBytes('Zm9vY')).toBeUndefined();
    expect(base64ToBytes('Zm9v😀')).toBeUndefined();
    expect(base64ToUtf8('/w==')).toBeUndefined();
  });
});
