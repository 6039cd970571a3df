import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useRouter } from '@tanstack/react-router';
import type { StoreSearchResponse } from '@optik/shared';
import type { Api } from '../../api';
import { LoadError } from '../../load-error';
import { usePageMeta } from '../../page-meta';
import { LabelledInput } from '../../text-field';
import { useApi } from '../../use-api';
import { sm } from './messages';
import { OpenStatus } from './open-status';
import { storeAddress } from './store-format';
import './stores.css';

export type StoreApi = Pick<Api, 'storeSearch' | 'getStore'>;
export type PositionSource = Pick<Geolocation, 'getCurrentPosition'>;

/** The shop's search parameter; the site search's town links use `by` (/find-butik?by=Aarhus C). */
export const QUERY_PARAM = 'q';
const TOWN_PARAM = 'by';

/**
 * Position searches carry the position to the API only (rounded to about 100 m), never into
 * the page URL, history or analytics: a visitor's whereabouts are personal data.
 */
type Position = { lat: number; lng: number; forQuery: string };

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The text a /find-butik URL searches for (`q`, or a town from a link: `by`). */
export const finderQueryOf = (searchStr: string) => {
  const params = new URLSearchParams(searchStr);
  return (params.get(QUERY_PARAM) ?? params.get(TOWN_PARAM) ?? '').trim();
};

/** The key a search's answer is loaded (and seeded by the shop's server) under. */
export const finderKey = (query: Parameters<StoreApi['storeSearch']>[0]) => `stores:${JSON.stringify(query)}`;

export function searchQuery(query: string, position: Position | null): Parameters<StoreApi['storeSearch']>[0] {
  if (position) return { lat: position.lat, lng: position.lng };
  return query ? { [QUERY_PARAM]: query } : {};
}

function heading(query: string, data: StoreSearchResponse | null): string {
  if (data?.near) return sm.nearest(data.near.label);
  return query ? sm.resultsFor(query) : sm.allStores;
}

/** SPEC §2 /find-butik: search by town, postcode or name, or by the browser's position; nearest first with km. */
export function StoreFinderPage({ api, geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation }: { api: StoreApi; geolocation?: PositionSource }) {
  const router = useRouter();
  const { pathname, searchStr } = useLocation();
  const urlQuery = finderQueryOf(searchStr);
  const ids = useId();
  const inputId = `${ids}q`;

  // The field follows the URL (back and forward), and keeps what is typed otherwise.
  const [text, setText] = useState(urlQuery);
  const [shownQuery, setShownQuery] = useState(urlQuery);
  if (shownQuery !== urlQuery) {
    setShownQuery(urlQuery);
    setText(urlQuery);
  }
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState(false);
  const [geoFailed, setGeoFailed] = useState(false);
  // A new text search replaces a position search.
  const activePosition = position && position.forQuery === urlQuery ? position : null;

  usePageMeta(sm.finderTitle, sm.finderDescription);
  const query = searchQuery(urlQuery, activePosition);
  const [result, reload] = useApi(finderKey(query), () => api.storeSearch(query));

  // A refused search (an unknown postcode) is the field's error: focus goes back to the field.
  const fieldError = result.state === 'error' && result.status === 400 ? result.message : undefined;
  useEffect(() => {
    if (fieldError) document.getElementById(inputId)?.focus();
  }, [fieldError, inputId]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    setGeoFailed(false);
    if (q === urlQuery) {
      setPosition(null);
      if (result.state === 'error') reload();
      return;
    }
    void router.navigate({ href: q ? `${pathname}?${new URLSearchParams({ [QUERY_PARAM]: q }).toString()}` : pathname });
  };

  const locate = () => {
    setGeoFailed(false);
    if (!geolocation) {
      setGeoFailed(true);
      return;
    }
    setLocating(true);
    geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        setText('');
        setPosition({ lat: round3(coords.latitude), lng: round3(coords.longitude), forQuery: '' });
        if (urlQuery) void router.navigate({ href: pathname });
      },
      () => {
        setLocating(false);
        setGeoFailed(true);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };

  const data = result.state === 'ready' ? result.data : null;
  const status = locating
    ? sm.locating
    : result.state === 'loading'
      ? sm.loading
      : data
        ? data.data.length === 0
          ? sm.noResults(urlQuery)
          : data.near
            ? sm.countNear(data.data.length, data.near.label)
            : sm.count(data.data.length)
        : '';

  return (
    <div className="page store-finder">
      <h1>{sm.finderTitle}</h1>
      <p className="lead">{sm.finderIntro}</p>
      <form role="search" className="store-search" onSubmit={onSubmit} noValidate>
        <div className="store-search-field">
          <LabelledInput
            id={inputId}
            label={sm.searchLabel}
            hint={sm.searchHint}
            error={fieldError}
            type="search"
            name={QUERY_PARAM}
            autoComplete="off"
            enterKeyHint="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="store-search-actions">
          <button type="submit">{sm.searchButton}</button>
          <button type="button" className="secondary" onClick={locate} disabled={locating}>
            {sm.useMyPosition}
          </button>
        </div>
      </form>
      <div role="alert" className={geoFailed ? 'error' : undefined}>
        {geoFailed ? <p>{sm.geolocationFailed}</p> : null}
      </div>
      <p role="status" className="store-status">
        {status}
      </p>
      {result.state === 'error' && result.status !== 400 ? <LoadError onRetry={reload} /> : null}
      {data && data.data.length > 0 ? (
        <section aria-labelledby={`${ids}results`}>
          <h2 id={`${ids}results`}>{heading(urlQuery, data)}</h2>
          <ol className="store-list">
            {data.data.map((s) => (
              <li key={s.id} className="store-card">
                <h3>
                  <Link to="/find-butik/$slug" params={{ slug: s.slug }}>
                    {s.name}
                  </Link>
                </h3>
                <p className="store-address">{storeAddress(s)}</p>
                {s.distanceKm !== null ? (
                  <p className="store-distance">
                    <span className="visually-hidden">{sm.distance}: </span>
                    {sm.km(s.distanceKm)}
                  </p>
                ) : null}
                <OpenStatus status={s} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
