import { lookupPostcode, slugify, storeSchema, type OpeningDay, type Store } from '@optik/shared';

import { STORE_ROWS } from './stores-data';

const weekday = (day: number, open: string | null, close: string | null): OpeningDay => ({ day, open, close });

function hours(mall: boolean, i: number): OpeningDay[] {
  if (mall) {
    return [1, 2, 3, 4, 5].map((d) => weekday(d, '10:00', '19:00')).concat([weekday(6, '10:00', '17:00'), weekday(7, '10:00', '16:00')]);
  }
  // Late opening on Thursday or Friday alternates between stores.
  const late = i % 2 === 0 ? 4 : 5;
  return [1, 2, 3, 4, 5].map((d) => weekday(d, '10:00', d === late ? '18:00' : '17:30')).concat([weekday(6, '10:00', '14:00'), weekday(7, null, null)]);
}

export function generateStores(): Store[] {
  return STORE_ROWS.map(([label, street, postcode, lat, lng, mall], i) => {
    const info = lookupPostcode(postcode);
    if (!info) throw new Error(`seed: unknown postcode ${postcode}`);
    const name = `Profil Optik ${label}`;
    const slug = slugify(label);
    const services: Store['services'] = ['synstest', 'kontaktlinser', 'click-and-collect'];
    if (i % 3 === 0) services.push('høretest');
    if (i % 4 !== 1) services.push('børnesyn');
    return storeSchema.parse({
      id: `st-${String(i + 1).padStart(3, '0')}`,
      slug,
      name,
      street,
      postcode,
      city: info.city,
      region: info.region,
      phone: String(33_10_00_00 + i * 2_113),
      email: `${slug}@profil-optik.example`,
      lat,
      lng,
      openingHours: hours(mall, i),
      services,
    });
  });
}
