import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getDefaultStore, useAtomValue } from 'jotai';
import { RouterProvider, createRootRoute, createRoute, createRouter, useParams } from '@tanstack/react-router';
import { api } from './api';
import { App } from './app';
import { Customers } from './features/customers/customers';
import { CustomerDetail } from './features/prescriptions/customer-detail';
import { AccessLog } from './features/access-log/access-log';
import { BookingsPage } from './features/bookings/bookings';
import { StoreOrders } from './features/orders/store-orders';
import { Requisitions } from './features/requisitions/requisitions';
import { Returns } from './features/returns/returns';
import { StoreHome } from './features/store/store-home';
import { SyncPanel } from './features/sync/sync-panel';
import { registerServiceWorker } from './pwa';
import { sessionAtom, updateReadyAtom } from './session';
import './styles.css';

function AccessLogPage() {
  const session = useAtomValue(sessionAtom);
  return session ? <AccessLog api={api} session={session} /> : null;
}

function Home() {
  const session = useAtomValue(sessionAtom);
  return session ? <StoreHome api={api} session={session} /> : null;
}

const rootRoute = createRootRoute({ component: () => <App api={api} /> });
const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home }),
  createRoute({ getParentRoute: () => rootRoute, path: '/kunder', component: Customers }),
  createRoute({ getParentRoute: () => rootRoute, path: '/ordrer', component: StoreOrders }),
  createRoute({ getParentRoute: () => rootRoute, path: '/returer', component: Returns }),
  createRoute({ getParentRoute: () => rootRoute, path: '/synkronisering', component: SyncPanel }),
  createRoute({ getParentRoute: () => rootRoute, path: '/rekvisitioner', component: Requisitions }),
  createRoute({ getParentRoute: () => rootRoute, path: '/adgangslog', component: AccessLogPage }),
  createRoute({ getParentRoute: () => rootRoute, path: '/aftaler', component: BookingsPage }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/kunder/$customerId',
    component: function CustomerPage() {
      const { customerId } = useParams({ strict: false }) as { customerId: string };
      return <CustomerDetail customerId={customerId} />;
    },
  }),
]);
const router = createRouter({ routeTree });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

registerServiceWorker((activate) => getDefaultStore().set(updateReadyAtom, () => activate));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
