import { createHash } from 'node:crypto';
import { validatePostcode } from '@optik/shared';

export interface CollectionPoint {
  id: string;
  carrier: string;
  name: string;
  street: string;
  zip: string;
  city: string;
  openingHours: string;
}

/** Parcel shops near a postcode, as a port: the carriers' APIs in production. */
export interface CarrierDirectory {
  collectionPoints(zip: string, carrier: 'postnord' | 'gls'): Promise<CollectionPoint[]>;
}

const SHOPS = ['Netto', 'Rema 1000', 'Føtex', 'Kvickly', 'SuperBrugsen', 'Shell', 'Circle K', 'Lidl', 'Spar', 'Meny'];
const STREETS = ['Hovedgaden', 'Stationsvej', 'Torvet', 'Skolevej', 'Kirkevej', 'Møllevej', 'Østergade', 'Vestergade', 'Nørregade', 'Søndergade'];

/** Local directory: three parcel shops per postcode, the same every time (derived from the postcode). */
export function createLocalCarrierDirectory(): CarrierDirectory {
  return {
    async collectionPoints(zip, carrier) {
      const pc = validatePostcode(zip);
      if (!pc.ok) return [];
      const city = pc.city;
      return [0, 1, 2].map((i) => {
        const h = createHash('sha256').update(`${carrier}:${zip}:${i}`).digest();
        return {
          id: `${carrier}-${zip}-${i + 1}`,
          carrier: carrier === 'gls' ? 'GLS' : 'PostNord',
          name: `${carrier === 'gls' ? 'GLS Pakkeshop' : 'PostNord Pakkeshop'} ${SHOPS[h[0]! % SHOPS.length]}`,
          street: `${STREETS[h[1]! % STREETS.length]} ${1 + (h[2]! % 80)}`,
          zip,
          city,
          openingHours: i === 2 ? 'Man–fre 10–18, lør 10–14' : 'Alle dage 8–21',
        };
      });
    },
  };
}
