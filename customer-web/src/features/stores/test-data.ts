import { vi } from 'vitest';
import type { ApiResult } from '@optik/shared/client';
import type { Store, StoreDay, StoreDetail, StoreSearchHit, StoreSearchResponse } from '@optik/shared';
import type { StoreApi } from './store-finder-page';

/** Monday–Friday 10–17:30 (Thursday until 18), Saturday 10–14, Sunday closed. */
const week: Store['openingHours'] = ['17:30', '17:30', '17:30', '18:00', '17:30', '14:00', null].map((close, i) => ({ day: i + 1, open: close && '10:00', close }));

export function store(over: Partial<Store> = {}): Store {
  return {
    id: 'st-014',
    slug: 'roskilde',
    name: 'Profil Optik Roskilde',
    street: 'Algade 31',
    postcode: '4000',
    city: 'Roskilde',
    region: 'Region Sjælland',
    phone: '33127474',
    email: 'roskilde@profil-optik.example',
    lat: 55.6415,
    lng: 12.0803,
    openingHours: week,
    services: ['synstest', 'kontaktlinser', 'click-and-collect'],
    ...over,
  };
}

/** Monday 23 November 2026, 12:00: open until 17:30. */
export const openMonday = {
  openNow: true,
  today: { date: '2026-11-23', open: true, opens: '10:00', closes: '17:30' } satisfies StoreDay,
  nextOpening: { date: '2026-11-24', opens: '10:00', closes: '17:30', at: '2026-11-24T09:00:00.000Z' },
};

/** Sunday 22 November 2026: closed, opens Monday. */
export const closedSunday = {
  openNow: false,
  today: { date: '2026-11-22', open: false, reason: 'weekday' } satisfies StoreDay,
  nextOpening: { date: '2026-11-23', opens: '10:00', closes: '17:30', at: '2026-11-23T09:00:00.000Z' },
};

export function hit(over: Partial<StoreSearchHit> = {}): StoreSearchHit {
  return { ...store(), ...openMonday, distanceKm: null, ...over };
}

export function detail(over: Partial<StoreDetail> = {}): StoreDetail {
  const days: StoreDay[] = [
    { date: '2026-12-21', open: true, opens: '10:00', closes: '17:30' },
    { date: '2026-12-24', open: false, reason: 'holiday', holiday: { key: 'juleaftensdag', name: 'Juleaftensdag' } },
    { date: '2026-12-27', open: false, reason: 'weekday' },
    { date: '2026-12-31', open: true, opens: '10:00', closes: '15:00', special: 'half-day' },
  ];
  return {
    ...store(),
    openNow: true,
    today: days[0]!,
    nextOpening: { date: '2026-12-22', opens: '10:00', closes: '17:30', at: '2026-12-22T09:00:00.000Z' },
    asOf: '2026-12-21T11:00:00.000Z',
    days,
    examTypes: [
      { type: 'synstest', name: 'Synstest', minutes: 30 },
      { type: 'kontaktlinsekontrol', name: 'Kontaktlinsekontrol', minutes: 30 },
    ],
    ...over,
  };
}

export const ok = <T>(data: T): ApiResult<T> => ({ ok: true, status: 200, data });
export const fail = (status: number, message: string): ApiResult<never> => ({ ok: false, status, error: { code: status === 404 ? 'not_found' : status === 400 ? 'validation_failed' : 'internal', message } });

export type SearchResult = ApiResult<StoreSearchResponse> | ApiResult<{ data: StoreDetail }>;

/**
 * An API answering by the path each call asks the API for; the mock `get` records the answer's
 * name and every path asked for.
 */
export function fakeApi(answer: (path: string) => SearchResult | Promise<SearchResult>) {
  const get = vi.fn(async (_name: 'storeSearch' | 'store', path: string) => answer(path));
  const api = {
    storeSearch: (q: Parameters<StoreApi['storeSearch']>[0] = {}) => {
      const params = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
      return get('storeSearch', `/api/stores/search${params ? `?${params}` : ''}`);
    },
    getStore: (slugOrId: string) => get('store', `/api/stores/${encodeURIComponent(slugOrId)}`),
  };
  return { api: api as unknown as StoreApi, get };
}
