import { describe, expect, it } from 'vitest';
import { distanceKm, postcodePosition, storeDetailResponseSchema, storeSearchResponseSchema } from '@optik/shared';
import { makeTestApp, type TestApp } from '../../test/harness';
import request from 'supertest';
import { NEAREST_STORES, STORE_CALENDAR_DAYS, storeFinderMessages } from './service';

/** Moves the test clock to an instant. */
function setClock(t: TestApp, iso: string) {
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
}

async function search(t: TestApp, query: Record<string, string>) {
  const res = await request(t.app).get('/api/stores/search').query(query).expect(200);
  return storeSearchResponseSchema.parse(res.body);
}

async function store(t: TestApp, idOrSlug: string) {
  const res = await request(t.app).get(`/api/stores/${encodeURIComponent(idOrSlug)}`).expect(200);
  return storeDetailResponseSchema.parse(res.body).data;
}

describe('GET /api/stores/search', () => {
  it('without a query lists every store by name, without distances', async () => {
    const t = await makeTestApp();
    const { data, near } = await search(t, {});
    const all = await t.services.catalogue.stores();
    expect(data.map((s) => s.id)).toEqual(all.map((s) => s.id));
    expect(data.every((s) => s.distanceKm === null)).toBe(true);
    expect(near).toBeNull();
  });

  it('finds stores by town, case-insensitively and with æ/ø/å typed as ae/oe/aa', async () => {
    const t = await makeTestApp();
    // Danish collation sorts "Aa" as "Å", after "B".
    expect((await search(t, { q: 'aarhus' })).data.map((s) => s.name)).toEqual(['Profil Optik Bruuns Galleri', 'Profil Optik Aarhus C', 'Profil Optik Aarhus N']);
    expect((await search(t, { q: 'ÅRHUS' })).data).toHaveLength(3);
    expect((await search(t, { q: 'Hjoerring' })).data.map((s) => s.city)).toEqual(['Hjørring']);
    expect((await search(t, { q: 'køge' })).data.map((s) => s.city)).toEqual(['Køge']);
    expect((await search(t, { q: 'koebenhavn' })).data.map((s) => s.name)).toContain('Profil Optik København K');
  });

  it('finds stores by name and street, all words having to match', async () => {
    const t = await makeTestApp();
    expect((await search(t, { q: 'Rosengårdcentret' })).data.map((s) => s.slug)).toEqual(['rosengaardcentret']);
    expect((await search(t, { q: 'Profil Optik Fields' })).data.map((s) => s.slug)).toEqual(['fields']);
    expect((await search(t, { q: 'Amagertorv' })).data.map((s) => s.slug)).toEqual(['stroeget']);
    // Words match from their start: "c" is the C of "Aarhus C", not any c in a street name.
    expect((await search(t, { q: 'Aarhus C' })).data.map((s) => s.slug)).toEqual(['bruuns-galleri', 'aarhus-c']);
    expect((await search(t, { q: 'Algade' })).data.map((s) => s.city).sort()).toEqual(['Middelfart', 'Roskilde']);
  });

  it('by postcode gives the nearest stores first with km, and says where from', async () => {
    const t = await makeTestApp();
    const { data, near } = await search(t, { q: '4000' });
    expect(near).toEqual({ kind: 'postcode', postcode: '4000', label: '4000 Roskilde' });
    expect(data).toHaveLength(NEAREST_STORES);
    expect(data[0]!.city).toBe('Roskilde');
    expect(data[0]!.distanceKm).toBeLessThan(2);
    const km = data.map((s) => s.distanceKm!);
    expect([...km].sort((a, b) => a - b)).toEqual(km);
    // A postcode without a store of its own: 8300 Odder → Aarhus area first.
    expect((await search(t, { q: '8300' })).data[0]!.city).toMatch(/^Aarhus/);
    // As on an envelope.
    expect((await search(t, { q: 'DK-9000' })).data[0]!.city).toBe('Aalborg');
  });

  it('refuses a postcode that does not exist with a Danish message on the field', async () => {
    const t = await makeTestApp();
    const res = await request(t.app).get('/api/stores/search').query({ q: '1234' }).expect(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { q: storeFinderMessages.unknownPostcode('1234') } });
  });

  it('a town without a store gives the stores nearest to it', async () => {
    const t = await makeTestApp();
    const { data, near } = await search(t, { q: 'Ringsted' });
    expect(near).toEqual({ kind: 'town', postcode: '4100', label: 'Ringsted' });
    expect(data).toHaveLength(NEAREST_STORES);
    expect(['Næstved', 'Køge', 'Slagelse', 'Roskilde']).toContain(data[0]!.city);
    expect(data[0]!.distanceKm).toBeLessThan(35);
  });

  it('finds nothing for a text that is no store and no town', async () => {
    const t = await makeTestApp();
    expect(await search(t, { q: 'xyzzy' })).toEqual({ data: [], near: null });
  });

  it('by position orders every store by distance from it', async () => {
    const t = await makeTestApp();
    // Odense Banegård.
    const { data, near } = await search(t, { lat: '55.4017', lng: '10.3872' });
    expect(near).toMatchObject({ kind: 'position' });
    expect(data.map((s) => s.name).slice(0, 2)).toEqual(['Profil Optik Odense C', 'Profil Optik Rosengårdcentret']);
    expect(data[0]!.distanceKm).toBeLessThan(1);
    // A name search with a position is ordered by distance too.
    const aarhus = await search(t, { q: 'aarhus', lat: '56.181', lng: '10.196' });
    expect(aarhus.data[0]!.name).toBe('Profil Optik Aarhus N');
    expect(aarhus.data[0]!.distanceKm).toBe(0);
  });

  it('refuses half a position or one that is not a number', async () => {
    const t = await makeTestApp();
    expect((await request(t.app).get('/api/stores/search').query({ lat: '55.4' }).expect(400)).body.error.fields).toHaveProperty('lng');
    expect((await request(t.app).get('/api/stores/search').query({ lat: 'nord', lng: '10' }).expect(400)).body.error.fields).toHaveProperty('lat');
    expect((await request(t.app).get('/api/stores/search').query({ lat: '95', lng: '10' }).expect(400)).body.error.fields).toHaveProperty('lat');
  });

  it('says which stores are open now by the server clock', async () => {
    const t = await makeTestApp();
    // The test clock starts Sunday 22 November 2026, 11:00 in Copenhagen: only the mall stores open on Sundays.
    const { data } = await search(t, {});
    const fields = data.find((s) => s.slug === 'fields')!;
    const roskilde = data.find((s) => s.slug === 'roskilde')!;
    expect(fields).toMatchObject({ openNow: true, today: { date: '2026-11-22', open: true, opens: '10:00', closes: '16:00' } });
    expect(roskilde).toMatchObject({ openNow: false, today: { date: '2026-11-22', open: false, reason: 'weekday' } });
    expect(roskilde.nextOpening).toMatchObject({ date: '2026-11-23', opens: '10:00', at: '2026-11-23T09:00:00.000Z' });
  });
});

describe('GET /api/stores/:id', () => {
  it('gives a store by slug with 14 days of opening, open now and the exams it offers', async () => {
    const t = await makeTestApp();
    const s = await store(t, 'koebenhavn-k');
    expect(s).toMatchObject({ id: 'st-001', name: 'Profil Optik København K', openNow: false, asOf: '2026-11-22T10:00:00.000Z' });
    expect(s.days).toHaveLength(STORE_CALENDAR_DAYS);
    expect(s.days[0]).toEqual({ date: '2026-11-22', open: false, reason: 'weekday' });
    expect(s.days[1]).toEqual({ date: '2026-11-23', open: true, opens: '10:00', closes: '17:30' });
    expect(s.examTypes.map((e) => e.type)).toEqual(['synstest', 'børnesyn', 'kontaktlinsekontrol', 'kontaktlinsetilpasning', 'kørekort', 'høretest']);
    expect(s.examTypes[0]).toEqual({ type: 'synstest', name: 'Synstest', minutes: 30 });
  });

  it('offers hearing tests and children’s exams only where the store does', async () => {
    const t = await makeTestApp();
    // st-002 (Strøget) has neither a hearing test nor children's eye exams.
    const s = await store(t, 'st-002');
    expect(s.services).not.toContain('høretest');
    expect(s.examTypes.map((e) => e.type)).not.toContain('høretest');
    expect(s.examTypes.map((e) => e.type)).not.toContain('børnesyn');
  });

  it('finds the store by id as well (the store-id redirect)', async () => {
    const t = await makeTestApp();
    expect((await store(t, 'st-014')).slug).toBe('roskilde');
  });

  it('answers 404 with a Danish message for an unknown store', async () => {
    const t = await makeTestApp();
    const res = await request(t.app).get('/api/stores/findes-ikke').expect(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: storeFinderMessages.notFound });
  });

  it('closes over Easter and is open Easter Saturday (TestClock: Wednesday 1 April 2026, 18:00)', async () => {
    const t = await makeTestApp();
    setClock(t, '2026-04-01T16:00:00Z');
    const s = await store(t, 'roskilde');
    expect(s.openNow).toBe(false);
    const byDate = new Map(s.days.map((d) => [d.date, d]));
    expect(byDate.get('2026-04-02')).toEqual({ date: '2026-04-02', open: false, reason: 'holiday', holiday: { key: 'skaertorsdag', name: 'Skærtorsdag' } });
    expect(byDate.get('2026-04-03')).toMatchObject({ open: false, holiday: { name: 'Langfredag' } });
    expect(byDate.get('2026-04-04')).toMatchObject({ open: true, opens: '10:00', closes: '14:00' });
    expect(byDate.get('2026-04-06')).toMatchObject({ open: false, holiday: { name: '2. påskedag' } });
    expect(s.nextOpening).toMatchObject({ date: '2026-04-04', at: '2026-04-04T08:00:00.000Z' });
    // A mall store that opens on Sundays is closed on Easter Sunday.
    expect((await store(t, 'fields')).days.find((d) => d.date === '2026-04-05')).toMatchObject({ open: false, reason: 'holiday', holiday: { name: 'Påskedag' } });
  });

  it('has a half day until 15:00 on 31 December (TestClock: Thursday 31 December 2026)', async () => {
    const t = await makeTestApp();
    setClock(t, '2026-12-31T13:30:00Z'); // 14:30 in Copenhagen
    let s = await store(t, 'koebenhavn-k');
    expect(s.openNow).toBe(true);
    expect(s.today).toEqual({ date: '2026-12-31', open: true, opens: '10:00', closes: '15:00', special: 'half-day' });
    expect(s.days[1]).toMatchObject({ date: '2027-01-01', open: false, holiday: { name: 'Nytårsdag' } });

    setClock(t, '2026-12-31T14:00:00Z'); // 15:00 in Copenhagen, though Thursday normally runs to 18:00
    s = await store(t, 'koebenhavn-k');
    expect(s.openNow).toBe(false);
    expect(s.nextOpening).toMatchObject({ date: '2027-01-02', opens: '10:00', closes: '14:00' });
    const hit = (await search(t, { q: 'København K' })).data[0]!;
    expect(hit).toMatchObject({ openNow: false, today: { special: 'half-day' } });
  });

  it('shows the Christmas closing days in the two weeks ahead', async () => {
    const t = await makeTestApp();
    setClock(t, '2026-12-20T10:00:00Z');
    const closed = (await store(t, 'aalborg')).days.flatMap((d) => (!d.open && d.reason === 'holiday' ? [d.holiday?.name] : []));
    expect(closed).toEqual(['Juleaftensdag', 'Juledag', '2. juledag', 'Nytårsdag']);
  });
});

describe('seeded store coordinates', () => {
  it('lie within 5 km of their postcode’s approximate position', async () => {
    const t = await makeTestApp();
    for (const s of await t.services.catalogue.stores()) {
      const place = postcodePosition(s.postcode);
      expect(place, s.name).not.toBeNull();
      expect(distanceKm(place!, s), s.name).toBeLessThan(5);
    }
  });
});
