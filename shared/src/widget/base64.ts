/**
 * UTF-8 ⇄ standard base64 without Buffer or btoa/atob (shared runs in browser, worker and Node;
 * btoa only takes Latin-1, so it would need the UTF-8 detour anyway).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP: Record<string, number> = Object.fromEntries([...ALPHABET].map((c, i) => [c, i]));
// Read leniently: the URL-safe alphabet too, since copy-pasted or re-encoded links sometimes use it.
LOOKUP['-'] = 62;
LOOKUP['_'] = 63;

const encoder = new TextEncoder();
// fatal: invalid UTF-8 must fail, not turn into U+FFFD and then "decode" to something else.
const decoder = new TextDecoder('utf-8', { fatal: true });

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0;
    const b1 = bytes[i + 1] ?? 0;
    const b2 = bytes[i + 2] ?? 0;
    const n = (b0 << 16) | (b1 << 8) | b2;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63]! : '=';
  }
  return out;
}

/** Returns undefined for anything that is not base64 (standard or URL-safe, padding optional). */
export function base64ToBytes(input: string): Uint8Array | undefined {
  // A '+' typed into a URL by hand arrives as a space after form decoding.
  const text = input.replace(/ /g, '+').replace(/=+$/, '');
  if (text.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let o = 0;
  for (const ch of text) {
    const v = LOOKUP[ch];
    if (v === undefined) return undefined;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

export function utf8ToBase64(text: string): string {
  return bytesToBase64(encoder.encode(text));
}

export function base64ToUtf8(input: string): string | undefined {
  const bytes = base64ToBytes(input);
  if (!bytes) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}
