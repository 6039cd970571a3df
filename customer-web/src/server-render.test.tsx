// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { router } from './router';

/**
 * Issue 19 groundwork: the shop renders in Node — no `document`, `window` or storage read while
 * rendering — so its public pages can be rendered on the server and hydrated. (Their data still
 * loads in the browser: the pages show their loading state here.)
 */
describe('the shop renders without a browser', () => {
  for (const url of ['/', '/briller', '/produkt/ray-ban-aviator-guld', '/find-butik/roskilde', '/kontakt-os', '/bestil-tid-til-synstest']) {
    it(url, async () => {
      router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [url] }) });
      await router.load();
      const html = renderToString(<RouterProvider router={router} />);
      expect(html).toContain('Gå til indhold');
      expect(html).toMatch(/<main[^>]*>.+<\/main>/s);
    });
  }
});
