import postcodeFile from './data/dk-postcodes.json';
import { POSTCODE_AREA_POSITIONS } from './geo-postcode-areas';
import { lookupPostcode } from './postcode';
import { foldDanish } from './text';

/** A position in WGS 84 degrees, as the browser's geolocation and the store schema give it. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). Within Denmark the error against the ellipsoid is under 0.5 %. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a value is a usable position (finite, latitude ±90, longitude ±180). */
export function isLatLng(p: Partial<LatLng>): p is LatLng {
  return typeof p.lat === 'number' && typeof p.lng === 'number' && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;
}

/**
 * The items nearest first, each with its distance in km. Equal distances keep the input order
 * (Array.prototype.sort is stable), so a name-sorted list stays name-sorted within a tie.
 */
export function sortByDistance<T extends LatLng>(items: readonly T[], from: LatLng): { item: T; km: number }[] {
  return items.map((item) => ({ item, km: distanceKm(from, item) })).sort((a, b) => a.km - b.km);
}

export interface PostcodePosition extends LatLng {
  postcode: string;
  /** The postcode's town as PostNord spells it. */
  city: string;
}

/**
 * An approximate position for a Danish postcode (see `geo-postcode-areas.ts` for how it is
 * made and how far off it can be), or null for a postcode that is not in the PostNord list or
 * has no place to be near (0xxx bulk recipients).
 */
export function postcodePosition(postcode: string): PostcodePosition | null {
  const info = lookupPostcode(postcode);
  if (!info || !/^[1-9]\d{3}$/.test(info.postcode)) return null;
  const code = Number(info.postcode);
  let row: (typeof POSTCODE_AREA_POSITIONS)[number] | undefined;
  // Binary search for the last row starting at or below the postcode.
  let lo = 0;
  let hi = POSTCODE_AREA_POSITIONS.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const candidate = POSTCODE_AREA_POSITIONS[mid]!;
    if (candidate[0] <= code) {
      row = candidate;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (!row) return null;
  return { postcode: info.postcode, city: info.city, lat: row[1], lng: row[2] };
}

/**
 * The position of a Danish town named in a search ("ringsted", "Koege"): the PostNord town
 * whose folded name equals the text, else the first that starts with it ("odense" → 5000
 * Odense C); the lowest postcode of that town wins. Null when no town matches or the text is
 * shorter than 2 letters.
 */
export function townPosition(text: string): PostcodePosition | null {
  const needle = foldDanish(text.trim()).replace(/\s+/g, ' ');
  if (needle.length < 2) return null;
  let prefix: string | undefined;
  for (const p of postcodeFile.postcodes) {
    if (p.postcode < '1000') continue;
    const city = foldDanish(p.city);
    if (city === needle) return postcodePosition(p.postcode);
    if (!prefix && city.startsWith(needle)) prefix = p.postcode;
  }
  return prefix ? postcodePosition(prefix) : null;
}
