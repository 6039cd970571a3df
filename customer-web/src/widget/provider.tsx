import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  claimInstanceKey,
  initialToastState,
  normalizeSearchPagePath,
  resolveWidgetLanguage,
  isWidgetLanguageLoaded,
  loadWidgetLanguage,
  TAG_MANAGER_BATCH_SIZE,
  t as widgetT,
  toastDeadline,
  toastReducer,
  type PluralTextKey,
  type SimpleTextKey,
  type ToastEvent,
  type ToastKind,
  type ToastState,
  type WidgetClient,
  type WidgetInstanceKind,
  type WidgetLanguage,
  type WidgetUrlOptions,
} from '@optik/shared/widget';
import { DSID_KEY, localStore, readOrCreateId, SESSION_ID_KEY, sessionStore } from './ids';
import type { WidgetText } from './text';
import { WidgetToast } from './toast';

/** SPEC §8 developer errors, word for word where the spec gives them. */
export const NOT_CONFIGURED_ERROR = 'Depict recommendations are not configured. Wrap your app in a DepictProvider.';
export const NAVIGATE_REQUIRED_ERROR = 'You must provide a navigateFunction when not using Next.js.';
export const MULTIPLE_PROVIDERS_ERROR = 'Only one provider allowed: a WidgetProvider is already mounted above this one.';

export const WIDGET_MARKET = 'dk';
export const WIDGET_TENANT = 'profil-optik';
/** The shop runs one instance of each page kind, under the default (empty) instance key. */
export const INSTANCE_KEY = '';
export const URL_OPTIONS: WidgetUrlOptions = { key: INSTANCE_KEY };
export const DEFAULT_SEARCH_PAGE_PATH = '/search';
/** How long batched tracking events wait for company. */
export const EVENT_BATCH_MS = 1000;

export interface WidgetLocation {
  pathname: string;
  /** The query string, with or without the leading '?'. */
  search: string;
  /** history.state of the current entry (the router's own keys included). */
  state: unknown;
}

export interface WidgetNavigateOptions {
  replace?: boolean;
  /** false keeps the scroll position (filter changes); default: scroll to top. */
  resetScroll?: boolean;
  /** The whole history state of the new (or replaced) entry. */
  state?: Record<string, unknown>;
}
/** The host's router navigation (TanStack Router here); `href` is path + query. */
export type WidgetNavigate = (href: string, options: WidgetNavigateOptions) => void;

/** The parts of the /v2 client the UI uses; tests pass fakes. */
export type WidgetApi = Pick<WidgetClient, 'searchResults' | 'productListing' | 'suggestions' | 'recommend' | 'createEvents'>;

export type TrackingEventType = 'page_view' | 'click' | 'element_visible' | 'add_to_cart' | 'recommendations_inserted';
export interface TrackingEvent {
  event_type: TrackingEventType;
  product_id?: string;
  product_ids?: string[];
  search_result_id?: string;
  recommendation_id?: string;
  url?: string;
}

export type { WidgetText } from './text';

export interface RequestContext {
  tenant: string;
  market: string;
  dsid: string;
  session_id: string;
}

export interface WidgetContextValue {
  client: WidgetApi;
  language: WidgetLanguage;
  text: WidgetText;
  consent: boolean;
  requestContext: RequestContext;
  location: WidgetLocation;
  searchPagePath: string;
  /** Navigation through the host router. Pushes first let pages save their scroll restoration data. */
  go: (href: string, options?: WidgetNavigateOptions) => void;
  /** Replaces the current entry's history state (no new entry, no scroll reset). */
  patchHistoryState: (update: (state: unknown) => Record<string, unknown>) => void;
  /** Runs `fn` before every push navigation of the widget (pages save their scroll position). */
  registerBeforeNavigate: (fn: () => void) => () => void;
  /** The location as of the latest navigation (several calls in one event see each other's result). */
  latestLocation: () => WidgetLocation;
  /** Where lasting widget data goes: localStorage with consent, else sessionStorage (null when blocked). */
  lastingStorage: () => Storage | undefined;
  /** Shows a toast (SPEC §2/§4); its restore button runs `restore`. */
  showToast: (kind: ToastKind, restore: () => void) => void;
  modalOpen: boolean;
  openModal: (opener?: HTMLElement | null) => void;
  closeModal: () => void;
  /**
   * After the modal closes: focus goes back to its opener, or — when a search replaced the page
   * and with it the opener — to the new page's search button (now, or as soon as it mounts).
   */
  returnFocusToOpener: () => void;
  /** A search button asks on mount whether it should take focus (see returnFocusToOpener). */
  claimOpenerFocus: () => boolean;
  /** `beacon` for events sent as the page unloads; `batch` for events that may wait a moment and go out together. */
  track: (events: TrackingEvent[], options?: { beacon?: boolean; batch?: boolean }) => void;
  /** SPEC §4: one page_view per product id per URL. */
  trackPageView: (productId: string) => void;
  /** SPEC §5: one search and one category instance per key; returns the release function, or the error. */
  claimInstance: (kind: WidgetInstanceKind, key: string) => { ok: true; release: () => void } | { ok: false; error: string };
}

/** How long after the modal closed a newly mounted search button still takes focus. */
const OPENER_FOCUS_WAIT_MS = 10_000;

/** Marks the shop's buttons that open the widget's search modal. */
export const OPENER_ATTRIBUTE = 'data-widget-opener';

const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const ctx = useContext(WidgetContext);
  if (!ctx) throw new Error(NOT_CONFIGURED_ERROR);
  return ctx;
}

export interface WidgetProviderProps {
  client: WidgetApi;
  /** Required: the widget never changes the URL behind the router's back. */
  navigate?: WidgetNavigate;
  location: WidgetLocation;
  /** A language tag; Danish unless told otherwise. */
  language?: string;
  /** SPEC §6: recommendations are only requested when the visitor consented. */
  recommendationsConsent: boolean;
  searchPagePath?: string;
  /** Where click events go as a beacon (survives the page unloading). */
  beaconUrl?: string;
  children: ReactNode;
}

const hrefOf = (l: Pick<WidgetLocation, 'pathname' | 'search'>) => {
  const q = l.search.replace(/^\?/, '');
  return q ? `${l.pathname}?${q}` : l.pathname;
};

function locationFromHref(href: string, state: unknown): WidgetLocation {
  const u = new URL(href, 'http://widget.invalid');
  let pathname = u.pathname;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // keep it encoded
  }
  return { pathname, search: u.search, state };
}

export function searchHref(path: string, params: URLSearchParams): string {
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

export function WidgetProvider(props: WidgetProviderProps) {
  const parent = useContext(WidgetContext);
  if (parent) throw new Error(MULTIPLE_PROVIDERS_ERROR);
  if (typeof props.navigate !== 'function') throw new Error(NAVIGATE_REQUIRED_ERROR);
  return <ProviderBody {...props} navigate={props.navigate} />;
}

function ProviderBody({
  client,
  navigate,
  location,
  language = 'da',
  recommendationsConsent,
  searchPagePath: configuredPath = DEFAULT_SEARCH_PAGE_PATH,
  beaconUrl = '/create-events',
  children,
}: WidgetProviderProps & { navigate: WidgetNavigate }) {
  const lang = resolveWidgetLanguage(language);
  const searchPagePath = normalizeSearchPagePath(configuredPath);
  // Languages other than English and Danish load on demand; English shows until they have.
  const [loadedLang, setLoadedLang] = useState<string | null>(null);
  useEffect(() => {
    if (isWidgetLanguageLoaded(lang)) return;
    let live = true;
    void loadWidgetLanguage(lang).then(() => {
      if (live) setLoadedLang(lang);
    });
    return () => {
      live = false;
    };
  }, [lang]);
  const text = useMemo(
    () => ((key: SimpleTextKey | PluralTextKey, count?: number) => (count === undefined ? widgetT(lang, key as SimpleTextKey) : widgetT(lang, key as PluralTextKey, count))) as WidgetText,
    // `loadedLang` is a dependency on purpose: the texts change when the language has loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lang, loadedLang],
  );
  // Without consent nothing lasts beyond the tab: the device id and previous searches live in sessionStorage.
  const lasting = recommendationsConsent ? localStore : sessionStore;
  const [ids] = useState(() => ({ sessionId: readOrCreateId(sessionStore, SESSION_ID_KEY), dsid: readOrCreateId(lasting, DSID_KEY) }));
  const requestContext = useMemo<RequestContext>(() => ({ tenant: WIDGET_TENANT, market: WIDGET_MARKET, dsid: ids.dsid, session_id: ids.sessionId }), [ids]);

  // The location as of the latest navigation: several calls in one event see each other's result.
  const latest = useRef(location);
  useLayoutEffect(() => {
    latest.current = location;
  }, [location]);

  const latestLocation = useCallback(() => latest.current, []);

  const beforeNavigate = useRef(new Set<() => void>());
  const registerBeforeNavigate = useCallback((fn: () => void) => {
    beforeNavigate.current.add(fn);
    return () => {
      beforeNavigate.current.delete(fn);
    };
  }, []);

  const go = useCallback(
    (href: string, options: WidgetNavigateOptions = {}) => {
      if (!options.replace) for (const fn of beforeNavigate.current) fn();
      const state = options.state ?? {};
      latest.current = locationFromHref(href, state);
      navigate(href, { ...options, state });
    },
    [navigate],
  );

  const patchHistoryState = useCallback(
    (update: (state: unknown) => Record<string, unknown>) => {
      const cur = latest.current;
      const state = update(cur.state);
      latest.current = { ...cur, state };
      navigate(hrefOf(cur), { replace: true, resetScroll: false, state });
    },
    [navigate],
  );

  // ---- modal -----------------------------------------------------------------------------
  const [modalOpen, setModalOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const pendingOpenerFocus = useRef(false);
  const openedAtHref = useRef('');
  const openModal = useCallback((el?: HTMLElement | null) => {
    opener.current = el ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    openedAtHref.current = window.location.href;
    pendingOpenerFocus.current = false;
    setModalOpen(true);
  }, []);
  const closeModal = useCallback(() => setModalOpen(false), []);
  const pendingTimer = useRef<number | undefined>(undefined);
  const returnFocusToOpener = useCallback(() => {
    const el = opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>(`[${OPENER_ATTRIBUTE}]`);
    el?.focus();
    // A search from the modal changed the URL (which closed it); the page may be replaced after
    // that (its code loading), taking the opener with it. A search button that mounts in the next
    // moments takes focus then. Closed without a search (Escape, backdrop), the opener keeps it.
    if (window.location.href === openedAtHref.current) return;
    pendingOpenerFocus.current = true;
    window.clearTimeout(pendingTimer.current);
    pendingTimer.current = window.setTimeout(() => {
      pendingOpenerFocus.current = false;
    }, OPENER_FOCUS_WAIT_MS);
  }, []);
  const claimOpenerFocus = useCallback(() => {
    const pending = pendingOpenerFocus.current;
    pendingOpenerFocus.current = false;
    return pending;
  }, []);

  // ---- toast (SPEC §2/§4: one at a time, 30 s, pauses on hover/focus) ----------------------
  const [toast, setToast] = useState<ToastState>(initialToastState);
  const toastRef = useRef<ToastState>(initialToastState);
  const restoreById = useRef(new Map<number, () => void>());
  const dispatchToast = useCallback((event: ToastEvent) => {
    const tr = toastReducer(toastRef.current, event);
    toastRef.current = tr.state;
    setToast(tr.state);
    if (tr.closed) {
      const restore = restoreById.current.get(tr.closed.id);
      restoreById.current.delete(tr.closed.id);
      if (tr.closed.reason === 'restore') restore?.();
    }
  }, []);
  const showToast = useCallback(
    (kind: ToastKind, restore: () => void) => {
      dispatchToast({ type: 'show', kind, now: Date.now() });
      const shown = toastRef.current.toast;
      if (shown) restoreById.current.set(shown.id, restore);
    },
    [dispatchToast],
  );
  useEffect(() => {
    const deadline = toastDeadline(toast);
    if (deadline === null) return;
    const timer = setTimeout(() => dispatchToast({ type: 'tick', now: Date.now() }), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [toast, dispatchToast]);

  // ---- tracking ----------------------------------------------------------------------------
  const send = useCallback(
    (events: TrackingEvent[], beacon: boolean) => {
      if (!events.length) return;
      // A click usually unloads the page: a beacon is still delivered then, a fetch may not be.
      if (beacon && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
        try {
          if (navigator.sendBeacon(beaconUrl, JSON.stringify(events.map((e) => ({ ...e, tenant: WIDGET_TENANT, market: WIDGET_MARKET }))))) return;
        } catch {
          // fall back to fetch
        }
      }
      void client.createEvents({ tenant: WIDGET_TENANT, market: WIDGET_MARKET, events });
    },
    [beaconUrl, client],
  );
  // Batched events (a strip's cards becoming visible) go out together, not one request per card.
  const pending = useRef<{ events: TrackingEvent[]; timer: ReturnType<typeof setTimeout> | null }>({ events: [], timer: null });
  const flushPending = useCallback(
    (beacon: boolean) => {
      const p = pending.current;
      if (p.timer) clearTimeout(p.timer);
      const events = p.events;
      pending.current = { events: [], timer: null };
      send(events, beacon);
    },
    [send],
  );
  useEffect(() => {
    const onHide = () => flushPending(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      flushPending(false);
    };
  }, [flushPending]);
  const track = useCallback(
    (events: TrackingEvent[], options: { beacon?: boolean; batch?: boolean } = {}) => {
      if (!events.length) return;
      const withIds = events.map((e) => ({ ...e, url: e.url ?? window.location.href, session_id: ids.sessionId, dsid: ids.dsid }));
      const p = pending.current;
      if (options.batch) {
        p.events.push(...withIds);
        if (p.events.length >= TAG_MANAGER_BATCH_SIZE) flushPending(false);
        else p.timer ??= setTimeout(() => flushPending(false), EVENT_BATCH_MS);
        return;
      }
      if (options.beacon && p.events.length) {
        // Leaving the page: what is waiting goes in the same beacon.
        const waiting = p.events;
        if (p.timer) clearTimeout(p.timer);
        pending.current = { events: [], timer: null };
        send([...waiting, ...withIds], true);
        return;
      }
      send(withIds, options.beacon === true);
    },
    [flushPending, ids, send],
  );
  const pageViews = useRef<{ url: string; ids: Set<string> }>({ url: '', ids: new Set() });
  const trackPageView = useCallback(
    (productId: string) => {
      const url = hrefOf(latest.current);
      if (pageViews.current.url !== url) pageViews.current = { url, ids: new Set() };
      if (pageViews.current.ids.has(productId)) return;
      pageViews.current.ids.add(productId);
      track([{ event_type: 'page_view', product_id: productId }]);
    },
    [track],
  );

  const claimed = useRef<ReadonlySet<string>>(new Set());
  const claimInstance = useCallback((kind: WidgetInstanceKind, key: string) => {
    const r = claimInstanceKey(claimed.current, kind, key);
    if (!r.ok) return r;
    claimed.current = r.claimed;
    const id = `${kind}:${key}`;
    return {
      ok: true as const,
      release: () => {
        const next = new Set(claimed.current);
        next.delete(id);
        claimed.current = next;
      },
    };
  }, []);

  const value = useMemo<WidgetContextValue>(
    () => ({
      client,
      language: lang,
      text,
      consent: recommendationsConsent,
      requestContext,
      location,
      searchPagePath,
      go,
      patchHistoryState,
      registerBeforeNavigate,
      latestLocation,
      lastingStorage: lasting,
      showToast,
      modalOpen,
      openModal,
      closeModal,
      returnFocusToOpener,
      claimOpenerFocus,
      track,
      trackPageView,
      claimInstance,
    }),
    [client, lang, text, recommendationsConsent, requestContext, location, searchPagePath, go, patchHistoryState, registerBeforeNavigate, latestLocation, lasting, showToast, modalOpen, openModal, closeModal, returnFocusToOpener, claimOpenerFocus, track, trackPageView, claimInstance],
  );

  return (
    <WidgetContext.Provider value={value}>
      {children}
      <WidgetToast state={toast} text={text} onEvent={dispatchToast} suspendEscape={modalOpen} />
    </WidgetContext.Provider>
  );
}
