// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Issue 16: both apps name a favicon (SVG and ICO) that their public folder serves, so no page asks for a missing /favicon.ico. */
describe('favicons', () => {
  for (const app of ['customer-web', 'store-pwa']) {
    it(`${app}: links an SVG and an ICO icon, and every linked icon exists`, () => {
      const root = path.resolve(__dirname, '..', '..', app);
      const html = readFileSync(path.join(root, 'index.html'), 'utf8');
      const links = [...html.matchAll(/<link rel="(icon|apple-touch-icon)" href="([^"]+)"/g)].map((m) => m[2]!);
      expect(links).toContain('/favicon.svg');
      expect(links).toContain('/favicon.ico');
      for (const href of links) expect(existsSync(path.join(root, 'public', href)), href).toBe(true);
      expect(readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    });
  }
});
