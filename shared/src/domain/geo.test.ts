import { describe, expect, it } from 'vitest';
import file from './data/dk-postcodes.json';
import { distanceKm, isLatLng, postcodePosition, sortByDistance, townPosition } from './geo';
import { POSTCODE_AREA_POSITIONS } from './geo-postcode-areas';

const copenhagen = { lat: 55.6761, lng: 12.5683 };
const aarhus = { lat: 56.1629, lng: 10.2039 };
const aalborg = { lat: 57.0488, lng: 9.9217 };
const odense = { lat: 55.4038, lng: 10.4024 };

describe('distanceKm (haversine)', () => {
  it('gives the great-circle distances between Danish city centres', () => {
    // Reference values from the spherical law of cosines on the same sphere (an independent formula).
    expect(distanceKm(copenhagen, aarhus)).toBeCloseTo(156.943, 2);
    expect(distanceKm(copenhagen, odense)).toBeCloseTo(139.590, 2);
    expect(distanceKm(aarhus, aalborg)).toBeCloseTo(100.010, 2);
  });

  it('makes one degree of latitude about 111.2 km', () => {
    expect(distanceKm({ lat: 55, lng: 10 }, { lat: 56, lng: 10 })).toBeCloseTo(111.195, 2);
  });

  it('is zero for the same point and symmetric', () => {
    expect(distanceKm(aarhus, aarhus)).toBe(0);
    expect(distanceKm(aarhus, odense)).toBeCloseTo(distanceKm(odense, aarhus), 9);
  });

  it('handles antipodes without NaN', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371.0088, 3);
  });
});

describe('isLatLng', () => {
  it('accepts finite coordinates in range only', () => {
    expect(isLatLng(aarhus)).toBe(true);
    expect(isLatLng({ lat: 91, lng: 0 })).toBe(false);
    expect(isLatLng({ lat: 0, lng: -181 })).toBe(false);
    expect(isLatLng({ lat: Number.NaN, lng: 0 })).toBe(false);
    expect(isLatLng({ lat: 1 })).toBe(false);
  });
});

describe('sortByDistance', () => {
  const stores = [
    { name: 'Aalborg', ...aalborg },
    { name: 'Odense', ...odense },
    { name: 'København', ...copenhagen },
    { name: 'Aarhus', ...aarhus },
  ];

  it('puts the nearest first with the distance in km', () => {
    const fromRoskilde = sortByDistance(stores, { lat: 55.6415, lng: 12.0803 });
    expect(fromRoskilde.map((r) => r.item.name)).toEqual(['København', 'Odense', 'Aarhus', 'Aalborg']);
    expect(fromRoskilde[0]!.km).toBeGreaterThan(25);
    expect(fromRoskilde[0]!.km).toBeLessThan(35);
  });

  it('keeps the input order for equal distances and does not change the input', () => {
    const twins = [
      { name: 'B', ...aarhus },
      { name: 'A', ...aarhus },
    ];
    expect(sortByDistance(twins, copenhagen).map((r) => r.item.name)).toEqual(['B', 'A']);
    sortByDistance(stores, aalborg);
    expect(stores[0]!.name).toBe('Aalborg');
    expect(stores[2]!.name).toBe('København');
  });
});

describe('postcodePosition', () => {
  it('places a postcode with its own row at that town', () => {
    const p = postcodePosition('8000');
    expect(p).toMatchObject({ postcode: '8000', city: 'Aarhus C' });
    expect(distanceKm(p!, aarhus)).toBeLessThan(3);
    expect(distanceKm(postcodePosition('9000')!, aalborg)).toBeLessThan(3);
  });

  it('places a postcode without its own row in the area of the nearest lower one', () => {
    // 1620 København V (Vesterbro) is covered by the 1500 row; 5260 Odense S by its own.
    expect(postcodePosition('1620')).toMatchObject({ postcode: '1620', city: 'København V' });
    expect(distanceKm(postcodePosition('1620')!, copenhagen)).toBeLessThan(3);
    expect(distanceKm(postcodePosition('5260')!, odense)).toBeLessThan(8);
  });

  it('puts Bornholm on Bornholm', () => {
    const ronne = postcodePosition('3700')!;
    expect(ronne.lng).toBeGreaterThan(14.6);
    expect(distanceKm(ronne, copenhagen)).toBeGreaterThan(140);
  });

  it('is null for postcodes not in the list and for bulk-recipient codes', () => {
    expect(postcodePosition('1234')).toBeNull();
    expect(postcodePosition('0800')).toBeNull();
    expect(postcodePosition('3900')).toBeNull();
    expect(postcodePosition('abcd')).toBeNull();
  });

  it('gives every listed postcode from 1000 up a position inside Denmark', () => {
    for (const { postcode } of file.postcodes) {
      if (postcode < '1000') continue;
      const p = postcodePosition(postcode);
      expect(p, postcode).not.toBeNull();
      expect(p!.lat, postcode).toBeGreaterThan(54.5);
      expect(p!.lat, postcode).toBeLessThan(57.8);
      expect(p!.lng, postcode).toBeGreaterThan(8);
      expect(p!.lng, postcode).toBeLessThan(15.2);
    }
  });

  it('has its table sorted, with every row a listed postcode', () => {
    const listed = new Set(file.postcodes.map((p) => Number(p.postcode)));
    POSTCODE_AREA_POSITIONS.forEach(([code], i) => {
      expect(listed.has(code), String(code)).toBe(true);
      if (i > 0) expect(code).toBeGreaterThan(POSTCODE_AREA_POSITIONS[i - 1]![0]);
    });
  });
});

describe('townPosition', () => {
  it('finds a town by its name, with Danish letters typed or spelled out', () => {
    expect(townPosition('Ringsted')).toMatchObject({ postcode: '4100', city: 'Ringsted' });
    expect(townPosition('koege')).toMatchObject({ postcode: '4600', city: 'Køge' });
    expect(townPosition('  KØGE ')).toMatchObject({ postcode: '4600' });
  });

  it('takes the first town that starts with the text when none is named exactly', () => {
    expect(townPosition('odense')).toMatchObject({ postcode: '5000', city: 'Odense C' });
  });

  it('is null for an unknown town and for too short a text', () => {
    expect(townPosition('Atlantis')).toBeNull();
    expect(townPosition('a')).toBeNull();
    expect(townPosition('')).toBeNull();
  });
});
