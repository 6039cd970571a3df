import { useCallback, useEffect, useMemo, useRef, type ReactElement } from 'react';
import { useAtomValue } from 'jotai';
import { createRootRouteWithContext, useLocation, useRouter, type ErrorComponentProps, type HistoryState } from '@tanstack/react-router';
import { pushPageView } from './analytics';
import { consentAtom, hasConsent, useStoredConsent } from './consent/consent';
import { Layout } from './layout/layout';
import { t } from './messages';
import { NotFound } from './routes/not-found';
import type { Seed } from './ssr/seed';
import { widgetClient } from './widget/client';
import { WidgetProvider, type WidgetNavigate } from './widget/provider';

/** The search widget sits around the whole layout: the header opens its modal, pages show its listings. */
function Root(): ReactElement {
  const router = useRouter();
  const location = useLocation();
  const navigate = useCallback<WidgetNavigate>(
    (href, options) => {
      const state = options.state;
      void router.navigate({
        href,
        replace: options.replace,
        resetScroll: options.resetScroll,
        ...(state ? { state: () => state as HistoryState } : {}),
      });
      // The browser history is written at once, so a state write and a push in one event land on their own entries.
      router.history.flush();
    },
    [router],
  );
  // First: the page view below counts with the visitor's stored choice.
  useStoredConsent();
  const consent = useAtomValue(consentAtom);
  // SPEC §7: a page view on first load and on every route change, with URL and referrer.
  const previous = useRef(typeof document === 'undefined' ? '' : document.referrer);
  useEffect(() => {
    pushPageView(window.location.href, previous.current);
    previous.current = window.location.href;
  }, [location.pathname]);
  const widgetLocation = useMemo(() => ({ pathname: location.pathname, search: location.searchStr, state: location.state }), [location.pathname, location.searchStr, location.state]);
  return (
    // SPEC §6: recommendation calls only with consent — the provider personalises, so the preferences group.
    <WidgetProvider client={widgetClient} navigate={navigate} location={widgetLocation} language="da" recommendationsConsent={hasConsent(consent, 'preferences')}>
      <Layout />
    </WidgetProvider>
  );
}

/**
 * Every route's error page (the router's default): a page whose code or data failed says so in
 * Danish, with a retry that loads the route again and a way home — inside the layout, so the
 * header, footer and focus handling stay.
 */
export function RouteError({ reset }: ErrorComponentProps): ReactElement {
  const router = useRouter();
  return (
    <div className="page narrow">
      <h1>{t.error.title}</h1>
      <div role="alert" className="error">
        <p>{t.error.generic}</p>
      </div>
      <p className="form-buttons">
        <button
          type="button"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {t.error.retry}
        </button>
        <a href="/">{t.notFound.back}</a>
      </p>
    </div>
  );
}

/** The root of the route tree: features hang their routes under it (router.tsx, features/*\/routes.tsx). */
export const rootRoute = createRootRouteWithContext<{ seed: Seed }>()({ component: Root, notFoundComponent: NotFound, errorComponent: RouteError });
