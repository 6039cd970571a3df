import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRootRoute, createRouter } from '@tanstack/react-router';
import { api } from './api';
import { App } from './app';
import './styles.css';

// One screen for now; features (customers, prescriptions, orders, sync) add child routes.
const rootRoute = createRootRoute({ component: () => <App api={api} /> });
const router = createRouter({ routeTree: rootRoute });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
