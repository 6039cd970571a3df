/**
 * Small helpers the picture drawings share: XML escaping, compact numbers, colour mixing, a
 * deterministic per-article hash and text wrapping. Every lookup table is a Map, so an attribute
 * value like "constructor" can never reach an object's prototype.
 */

import { escapeMarkup } from '@optik/shared';

export const escapeXml = escapeMarkup;

/** A coordinate with at most one decimal (keeps the SVG small). */
export const n = (x: number): string => String(Math.round(x * 10) / 10);

/** FNV-1a: the same article id always gives the same number (the seed of small variations). */
export function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Pseudo-random numbers in [0, 1) from a seed (mulberry32), for patterns that must not change. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** `a` mixed with `b` (t = 0 → a, 1 → b), as #rrggbb. */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return `#${x.map((c, i) => Math.round(c + (y[i]! - c) * t).toString(16).padStart(2, '0')).join('')}`;
}
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
export const darken = (c: string, t: number) => mix(c, '#000000', t);

/** A colour of the given hue (0–360) from HSL, as #rrggbb. */
export function hsl(h: number, s: number, l: number): string {
  const k = (m: number) => (m + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (m: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(m) - 3, Math.min(9 - k(m), 1))))).toString(16).padStart(2, '0');
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** The frame colours of the catalogue (seed `COLORS`). */
export const COLOR_HEX = new Map<string, string>([
  ['sort', '#1d1d1f'], ['havana', '#6b3f22'], ['guld', '#c9a24a'], ['sølv', '#a9adb3'], ['transparent', '#d9e3ea'], ['blå', '#1f4e8c'],
  ['rød', '#b3262e'], ['grøn', '#2f6b45'], ['brun', '#5b3a22'], ['rosa', '#d98aa0'], ['grå', '#6d7278'], ['gunmetal', '#4a4f55'],
  ['skildpadde', '#9a6231'], ['bordeaux', '#6b1f2e'],
]);

/**
 * `text` broken into at most `maxLines` lines of at most `maxChars` characters at spaces; what does
 * not fit ends in "…". Escaping is left to the caller (after wrapping, so an entity is never cut).
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!.length > maxChars ? `${words[i]!.slice(0, maxChars - 1)}…` : words[i]!;
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1]!;
      lines[maxLines - 1] = last.length + 1 < maxChars ? `${last}…` : `${last.slice(0, maxChars - 1)}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** One `<text>` element; `s` is escaped here. */
export function text(x: number, y: number, size: number, s: string, attrs = ''): string {
  return `<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}"${attrs ? ` ${attrs}` : ''}>${escapeXml(s)}</text>`;
}

/** Lines of text centred on `x`, the first baseline at `y`. */
export function textLines(x: number, y: number, size: number, lines: string[], attrs = ''): string {
  return lines.map((l, i) => text(x, y + i * size * 1.2, size, l, `text-anchor="middle"${attrs ? ` ${attrs}` : ''}`)).join('');
}
