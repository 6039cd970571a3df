import { createRootRoute, createRoute, createRouter, useLocation, useParams } from '@tanstack/react-router';
import { api } from './api';
import { Layout } from './layout/layout';
import { ContentPage } from './routes/content-page';
import { Home } from './routes/home';
import { NotFound } from './routes/not-found';
import { PayByLink } from './routes/pay-by-link';
import { VerifyEmail } from './routes/verify-email';

const rootRoute = createRootRoute({ component: Layout, notFoundComponent: NotFound });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <Home api={api} /> });

const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/min-konto/bekraeft-email',
  component: function VerifyEmailPage() {
    const { hash } = useLocation();
    return <VerifyEmail api={api} hash={hash} />;
  },
});

/** Pay-by-link target of the SMS or e-mail store staff send (SPEC §1, §6). */
const payByLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/betal/$token',
  component: function PayByLinkPage() {
    const { token } = useParams({ from: '/betal/$token' });
    // A new token is a new payment: no state carries over from the previous link.
    return <PayByLink key={token} api={api} token={token} />;
  },
});

function ContentByPath() {
  const { pathname } = useLocation();
  return <ContentPage api={api} path={decodeURIComponent(pathname)} />;
}
/** Anything else is looked up as a content page; unknown paths show "Siden blev ikke fundet". */
const contentRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: ContentByPath });

export const router = createRouter({ routeTree: rootRoute.addChildren([homeRoute, verifyEmailRoute, payByLinkRoute, contentRoute]) });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
