import { StrictMode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from './router';
import { SeedProvider, type SeedApi } from './ssr/seed';
import { seedScript, serverSeed } from './ssr/server-seed';

export type { SeedApi };

export interface RenderedPage {
  /** The app's markup, for inside `<div id="root">`. */
  html: string;
  /** The data it was rendered with, as the `<script type="application/json">` the browser hydrates from. */
  seed: string;
}

/**
 * Renders the shop's page at `url` (path and query) on the server (issue 19): the matched
 * routes' loaders load the page's data through `apis` (the visitor's API clients), the app is
 * rendered with React's streaming renderer, piped once all of it is ready (crawlers and link
 * previews read the whole HTML, and it is cached), and the data goes into the page so the browser's hydration renders the same.
 * Nothing personal: no cookie reaches `apis`, and signed-in state, cart and consent are read in
 * the browser after hydration.
 */
export async function renderPage(url: string, apis: SeedApi): Promise<RenderedPage> {
  const seed = serverSeed(apis);
  const router = createAppRouter(seed);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  const html = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed: unknown = null;
    const { pipe } = renderToPipeableStream(
      <StrictMode>
        <SeedProvider seed={seed}>
          <RouterProvider router={router} />
        </SeedProvider>
      </StrictMode>,
      {
        // Piped once everything is rendered: the whole page in order, no fallbacks completed by inline scripts.
        onAllReady: () => (failed ? reject(failed) : pipe(sink)),
        // No part is sent out of order to be moved in by an inline script (the page is cached whole, and scripts need CSP room).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError: reject,
        onError: (err) => {
          failed = err;
        },
      },
    );
  });
  return { html, seed: seedScript(seed.entries()) };
}
