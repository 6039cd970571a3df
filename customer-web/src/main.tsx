import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './router';
import { browserSeed, SEED_ELEMENT_ID, SeedProvider } from './ssr/seed';
import './styles.css';

const seed = browserSeed();
const router = createAppRouter(seed);
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <SeedProvider seed={seed}>
      <RouterProvider router={router} />
    </SeedProvider>
  </StrictMode>
);

// A page the shop's server rendered (issue 19) is hydrated once its route's code is here, so the
// first render matches the server's HTML; personal pages come as the empty shell and render here.
if (document.getElementById(SEED_ELEMENT_ID)) {
  // The router renders its matches as it did on the server (no client-only Suspense around them).
  router.ssr = { manifest: undefined };
  void router.load().then(() => {
    hydrateRoot(container, app);
    // From the first navigation on, pages load their own (fresh) data.
    const stop = router.subscribe('onBeforeNavigate', () => {
      seed.done();
      stop();
    });
  });
}
else createRoot(container).render(app);
