import {
  copenhagenIsoDate,
  EXAM_TYPE_ORDER,
  EXAM_TYPES,
  foldDanish,
  isOpenAt,
  nextOpening,
  offersExam,
  openingCalendar,
  openingOn,
  postcodePosition,
  sortByDistance,
  townPosition,
  type LatLng,
  type Store,
  type StoreDetail,
  type StoreSearchHit,
  type StoreSearchResponse,
} from '@optik/shared';
import type { Clock } from '../../deps';
import { badRequest } from '../../http/errors';
import type { CatalogueService } from '../catalogue/service';

export const storeFinderMessages = {
  notFound: 'Butikken blev ikke fundet.',
  unknownPostcode: (code: string) => `Vi kender ikke postnummeret ${code}. Tjek det, eller søg på byens navn.`,
  yourPosition: 'din position',
};

/** A place search (position, postcode, town) shows this many stores, nearest first. */
export const NEAREST_STORES = 10;
/** The store page shows this many days ahead, so the closing days of the next two weeks are seen. */
export const STORE_CALENDAR_DAYS = 14;

const POSTCODE = /^(?:dk-?)?(\d{4})$/i;

const splitWords = (text: string) => foldDanish(text).split(/[\s,.\-/]+/).filter(Boolean);

export interface StoreSearch {
  q?: string;
  lat?: number;
  lng?: number;
}

/** Store finder and store pages (SPEC §1 store locator, §2 /find-butik): search, distances, opening today and the next weeks. */
export class StoreFinderService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly clock: Clock,
  ) {}

  /**
   * `q` is tried as a postcode, then as words found in a store's name, town, street or
   * postcode, then as a town without a store of its own (its nearest stores). A position
   * (`lat`+`lng`) orders name matches by distance, or alone gives the nearest stores.
   */
  async search({ q = '', lat, lng }: StoreSearch): Promise<StoreSearchResponse> {
    const stores = await this.catalogue.stores();
    const now = this.clock.now();
    const position: LatLng | null = lat !== undefined && lng !== undefined ? { lat, lng } : null;
    const hits = (list: readonly { store: Store; km: number | null }[]) => list.map(({ store, km }) => this.hit(store, now, km));
    const nearest = (from: LatLng) => hits(sortByDistance(stores, from).slice(0, NEAREST_STORES).map(({ item, km }) => ({ store: item, km })));

    const text = q.trim();
    if (!text) {
      if (position) return { data: nearest(position), near: { kind: 'position', postcode: null, label: storeFinderMessages.yourPosition } };
      return { data: hits(stores.map((store) => ({ store, km: null }))), near: null };
    }

    const postcode = POSTCODE.exec(text)?.[1];
    if (postcode) {
      const place = postcodePosition(postcode);
      if (!place) throw badRequest({ q: storeFinderMessages.unknownPostcode(postcode) }, storeFinderMessages.unknownPostcode(postcode));
      return { data: nearest(place), near: { kind: 'postcode', postcode: place.postcode, label: `${place.postcode} ${place.city}` } };
    }

    // Every word typed must begin a word of the store's name, town, street or postcode ("aarhus c", "40", "amager").
    const words = splitWords(text);
    const matches = stores.filter((s) => {
      const storeWords = splitWords(`${s.name} ${s.city} ${s.street} ${s.postcode}`);
      return words.every((w) => storeWords.some((sw) => sw.startsWith(w)));
    });
    if (matches.length) {
      if (position) return { data: hits(sortByDistance(matches, position).map(({ item, km }) => ({ store: item, km }))), near: { kind: 'position', postcode: null, label: storeFinderMessages.yourPosition } };
      return { data: hits(matches.map((store) => ({ store, km: null }))), near: null };
    }

    const town = townPosition(text);
    if (town) return { data: nearest(town), near: { kind: 'town', postcode: town.postcode, label: town.city } };
    return { data: [], near: null };
  }

  /** One store by id or slug, or null. */
  async get(idOrSlug: string): Promise<StoreDetail | null> {
    const stores = await this.catalogue.stores();
    const key = idOrSlug.toLowerCase();
    const store = stores.find((s) => s.slug === key || s.id === key);
    if (!store) return null;
    const now = this.clock.now();
    const days = openingCalendar(store, copenhagenIsoDate(now), STORE_CALENDAR_DAYS);
    return {
      ...store,
      ...this.status(store, now),
      asOf: now.toISOString(),
      days,
      examTypes: EXAM_TYPE_ORDER.filter((type) => offersExam(store, type)).map((type) => ({ type, name: EXAM_TYPES[type].name, minutes: EXAM_TYPES[type].minutes })),
    };
  }

  private status(store: Store, now: Date): Pick<StoreSearchHit, 'openNow' | 'today' | 'nextOpening'> {
    const date = copenhagenIsoDate(now);
    const next = nextOpening(store, now);
    return {
      openNow: isOpenAt(store, now),
      today: { date, ...openingOn(store, date) },
      nextOpening: next ? { ...next, at: next.at.toISOString() } : null,
    };
  }

  private hit(store: Store, now: Date, km: number | null): StoreSearchHit {
    // One decimal: the position of a postcode or town is approximate anyway (domain/geo-postcode-areas.ts).
    return { ...store, ...this.status(store, now), distanceKm: km === null ? null : Math.round(km * 10) / 10 };
  }
}
