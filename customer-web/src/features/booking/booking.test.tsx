import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '@optik/shared/client';
import type { Availability, BookingView } from '@optik/shared';
import { detailsFromBooking, detailsRequest, emptyDetails, fieldErrors, prefillDetails } from './booking-form';
import { BookingWizard, type BookingWizardApi } from './booking-wizard';
import { validateDetails } from './details-check';
import { LeaveDialog } from './leave-guard';
import { ManageBooking, type ManageBookingApi } from './manage-booking';
import { BOOKING, STORES, answerFirstSteps, fail, next, ok, slot, week } from './test-data';

afterEach(cleanup);

type Post = (path: string, body: Record<string, unknown>) => ApiResult<unknown>;

/** A fake of the booking API: availability from `times`, posts (by the path each call posts to) answered by `post`. */
function fakeApi(opts: { times?: (q: URLSearchParams) => Availability; post?: Post } = {}) {
  const posts: { path: string; body: Record<string, unknown> }[] = [];
  const gets: string[] = [];
  const post = async (path: string, body: object) => {
    posts.push({ path, body: body as Record<string, unknown> });
    return (opts.post ?? (() => ok({ data: BOOKING, manageToken: 'tok-1234567890abcdefghij' }, 201)))(path, body as Record<string, unknown>);
  };
  const booking = (id: string, action: string) => `/api/bookings/${encodeURIComponent(id)}/${action}`;
  const api = {
    getStores: vi.fn(async () => ok({ data: STORES })),
    get: vi.fn(async (_schema: unknown, path: string) => {
      gets.push(path);
      const q = new URLSearchParams(path.split('?')[1]);
      return ok({ data: (opts.times ?? (() => week()))(q) });
    }),
    createBooking: (body: object) => post('/api/bookings', body),
    viewBooking: (id: string, body: object) => post(booking(id, 'view'), body),
    updateBooking: (id: string, body: object) => post(booking(id, 'update'), body),
    rescheduleBooking: (id: string, body: object) => post(booking(id, 'reschedule'), body),
    cancelBooking: (id: string, body: object) => post(booking(id, 'cancel'), body),
    rebookBooking: (id: string, body: object) => post(booking(id, 'rebook'), body),
  };
  return { api: api as unknown as BookingWizardApi & ManageBookingApi, posts, gets };
}

const heading = (name: string) => screen.getByRole('heading', { name });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** What the progress line says, e.g. "Trin 4 af 6". */
const progress = () => within(screen.getByRole('navigation', { name: 'Trin i bookingen' })).getByText(/^Trin \d+ af \d+$/).textContent;
/** The error a screen reader reads with a field or group: the last text its aria-describedby points at. */
const errorOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent;

function renderWizard(over: Partial<Parameters<typeof BookingWizard>[0]> = {}, apiOpts: Parameters<typeof fakeApi>[0] = {}) {
  const f = fakeApi(apiOpts);
  const onDirtyChange = vi.fn();
  render(<BookingWizard api={f.api} preselectStore={null} today="2026-11-23" prefill={null} onDirtyChange={onDirtyChange} {...over} />);
  return { ...f, onDirtyChange };
}

async function toTime(store = 'st-002') {
  await answerFirstSteps(store);
  return screen.findByRole('radio', { name: 'mandag 23. november kl. 10.00–10.30' });
}

function fillDetails() {
  type('Fornavn', 'Ida');
  type('Efternavn', 'Holm');
  type('E-mail', 'ida@example.dk');
  type('Telefonnummer', '20 30 40 50');
}

describe('BookingWizard', () => {
  it('goes step by step with progress and focus on each heading, keeps answers going back, and books', async () => {
    const { posts, onDirtyChange } = renderWizard();
    expect(progress()).toBe('Trin 1 af 6');
    next();
    expect(errorOf(screen.getByRole('group', { name: 'Hvilken undersøgelse vil du booke?' }))).toBe('Vælg en undersøgelse.');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /^Synstest/ }));
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);

    const first = await toTime();
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    expect(progress()).toBe('Trin 4 af 6');
    expect(document.activeElement).toBe(heading('Hvornår passer det dig?'));
    // Thursday is closed for a staff course: the reason shows, and the day offers no times.
    const thursday = heading('Torsdag 26. november').parentElement!;
    expect(thursday.querySelector('p')!.textContent).toBe('Lukket (Personalekursus)');
    expect(within(thursday).queryAllByRole('radio')).toHaveLength(0);
    next();
    expect(errorOf(screen.getByRole('group', { name: 'Ledige tider' }))).toBe('Vælg en tid.');
    fireEvent.click(first);
    expect(screen.getByText(/^Valgt tid:/).textContent).toBe('Valgt tid: mandag 23. november 2026 kl. 10.00–10.30');
    next();

    expect(document.activeElement).toBe(heading('Dine oplysninger'));
    fillDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Tilbage' }));
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: 'mandag 23. november kl. 10.00–10.30' })).checked).toBe(true);
    next();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ida@example.dk');
    next();

    expect(document.activeElement).toBe(heading('Tjek din booking'));
    expect(progress()).toBe('Trin 6 af 6');
    const facts = document.querySelector('.booking-facts')!;
    expect(facts.textContent).toContain('Profil Optik Strøget, Amagertorv 19, 1160 København K');
    expect(facts.textContent).toContain('mandag 23. november 2026 kl. 10.00–10.30');
    expect(facts.textContent).toContain('20 30 40 50');
    fireEvent.click(screen.getByRole('button', { name: 'Bekræft booking' }));

    await waitFor(() => expect(document.activeElement).toBe(heading('Tak for din booking')));
    expect(posts).toEqual([
      {
        path: '/api/bookings',
        body: {
          storeId: 'st-002',
          examType: 'synstest',
          ageGroup: '18-75',
          start: '2026-11-23T09:00:00.000Z',
          contact: { firstName: 'Ida', lastName: 'Holm', email: 'ida@example.dk', phone: '20 30 40 50' },
          birthDate: '',
          noteToStore: '',
          company: null,
        },
      },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Din tid er bekræftet.');
    expect(screen.getByRole('link', { name: 'Se eller ret din booking' }).getAttribute('href')).toBe('/bestil-tid-til-synstest/bk-1#token=tok-1234567890abcdefghij');
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  }, 20_000);

  it('refuses an exam for an age group it is not for and offers the similar one', async () => {
    renderWizard();
    fireEvent.click(screen.getByRole('radio', { name: /^Synstest/ }));
    next();
    fireEvent.click(screen.getByRole('radio', { name: '8–12 år' }));
    next();
    expect(errorOf(screen.getByRole('group', { name: 'Aldersgruppe' }))).toBe('Synstest kan ikke bookes for aldersgruppen 8–12 år.');
    fireEvent.click(screen.getByRole('button', { name: 'Vælg Børnesynsundersøgelse i stedet' }));
    next();
    // Only stores with children's exams are offered.
    const select = await screen.findByLabelText('Butik');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Vælg butik', 'Profil Optik København K']);
  });

  it('preselects the ?butik= store, and says when it does not offer the exam', async () => {
    renderWizard({ preselectStore: 'stroeget' });
    fireEvent.click(screen.getByRole('radio', { name: /^Synstest/ }));
    next();
    fireEvent.click(screen.getByRole('radio', { name: '18–75 år' }));
    next();
    expect(((await screen.findByLabelText('Butik')) as HTMLSelectElement).value).toBe('st-002');
    fireEvent.click(screen.getByRole('button', { name: 'Tilbage' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tilbage' }));
    fireEvent.click(screen.getByRole('radio', { name: /^Høretest/ }));
    next();
    next();
    expect(screen.getByRole('status').textContent).toBe('Profil Optik Strøget tilbyder ikke høretest. Vælg en anden butik.');
    expect((screen.getByLabelText('Butik') as HTMLSelectElement).value).toBe('');
    next();
    expect(errorOf(screen.getByLabelText('Butik'))).toBe('Vælg en butik.');
  });

  it('checks the details with the shared rules and maps the API’s field errors onto the fields', async () => {
    const { posts } = renderWizard({}, { post: () => fail(400, 'Ret fejlene, og prøv igen.', { 'company.workingDistances.0': 'Arbejdsafstanden skal være et helt antal cm mellem 20 og 200.' }, 'validation_failed') });
    fireEvent.click(await toTime());
    next();
    next();
    expect(screen.getByRole('alert').textContent).toBe('Ret de markerede felter, og prøv igen.');
    expect(document.activeElement).toBe(screen.getByLabelText('Fornavn'));
    expect(screen.getAllByText('Skal udfyldes.').length).toBeGreaterThan(0);
    fillDetails();
    fireEvent.click(screen.getByLabelText('Jeg er henvist af min arbejdsgiver (rekvisition)'));
    type('Arbejdsgiver', 'Nordhavn Logistik A/S');
    next();
    expect(errorOf(screen.getByRole('group', { name: 'Rekvisition' }))).toBe('Vælg, om du har en e-rekvisition eller en fysisk rekvisition.');
    fireEvent.click(screen.getByLabelText('E-rekvisition (sendt til butikken)'));
    type('Afstand til skærm 2 (cm)', '65');
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Bekræft booking' }));
    // The server's message for the first distance sent lands on the second box, where it was typed.
    await screen.findByText('Arbejdsafstanden skal være et helt antal cm mellem 20 og 200.');
    expect(screen.getByLabelText('Afstand til skærm 2 (cm)').getAttribute('aria-invalid')).toBe('true');
    expect(progress()).toBe('Trin 5 af 6');
    expect(posts[0]!.body.company).toEqual({ companyName: 'Nordhavn Logistik A/S', reference: '', requisitionType: 'e-requisition', workingDistances: ['65'], tools: '', other: '' });
  });

  it('brings the customer back to the times when the time was taken meanwhile (SPEC §8), keeping the rest', async () => {
    let attempt = 0;
    const { gets } = renderWizard({}, { post: () => (++attempt === 1 ? fail(409, 'Den valgte tid er desværre lige blevet booket af en anden. Vælg en anden tid.') : ok({ data: BOOKING, manageToken: 'tok-1234567890abcdefghij' }, 201)) });
    fireEvent.click(await toTime());
    next();
    fillDetails();
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Bekræft booking' }));
    await waitFor(() => expect(document.activeElement).toBe(heading('Hvornår passer det dig?')));
    expect(screen.getByRole('alert').textContent).toBe('Den valgte tid er desværre lige blevet booket af en anden. Vælg en anden tid.');
    await waitFor(() => expect(gets).toHaveLength(2));
    expect(screen.queryByText(/^Valgt tid/)).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: 'tirsdag 24. november kl. 14.00–14.30' }));
    next();
    expect((screen.getByLabelText('Fornavn') as HTMLInputElement).value).toBe('Ida');
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Bekræft booking' }));
    await screen.findByRole('heading', { name: 'Tak for din booking' });
  });

  it('offers the alternatives when the week has no free time, and takes a nearby store’s time', async () => {
    const empty = week('2026-11-23', {
      days: week().days.map((d) => ({ ...d, slots: [] })),
      alternatives: {
        nextAvailable: slot('2026-12-07', '10:00'),
        similarExamTypes: [{ examType: 'kørekort', nextAvailable: slot('2026-12-01', '11:00') }],
        nearbyStores: [{ storeId: 'st-001', name: 'Profil Optik København K', city: 'København K', distanceKm: 0.8, nextAvailable: slot('2026-11-24', '12:00') }],
      },
    });
    const { gets } = renderWizard({}, { times: (q) => (q.get('storeId') === 'st-002' ? empty : week(q.get('from')!, { days: [{ date: '2026-11-24', hours: { opens: '10:00', closes: '17:30', halfDay: false }, closed: null, slots: [slot('2026-11-24', '12:00')] }] })) });
    await screen.findByRole('radio', { name: /^Synstest/ });
    await answerFirstSteps('st-002');
    expect((await screen.findByText('Der er ingen ledige tider i denne uge.')).getAttribute('role')).toBe('status');
    const alternatives = screen.getByRole('region', { name: 'Andre muligheder' });
    expect(within(alternatives).getAllByRole('listitem').map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Næste ledige tid i butikken: mandag 7. december 2026 kl. 10.00–10.30',
      'Synsattest til kørekort – første ledige tid tirsdag 1. december 2026 kl. 11.00–11.30',
      'Profil Optik København K (0,8 km væk) – første ledige tid tirsdag 24. november 2026 kl. 12.00–12.30',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Vælg Profil Optik København K' }));
    expect(((await screen.findByRole('radio', { name: 'tirsdag 24. november kl. 12.00–12.30' })) as HTMLInputElement).checked).toBe(true);
    expect(gets.at(-1)).toContain('storeId=st-001');
    expect(gets.at(-1)).toContain('from=2026-11-24');
    next();
    fillDetails();
    next();
    expect(document.querySelector('.booking-facts')!.textContent).toContain('Profil Optik København K');
  });

  it('says when the store’s booking system cannot be reached', async () => {
    renderWizard({}, { times: () => week('2026-11-23', { days: [], unavailable: { reason: 'provider', message: 'Butikkens bookingsystem kan ikke nås lige nu.' }, alternatives: { nextAvailable: null, similarExamTypes: [], nearbyStores: [] } }) });
    await toTime().catch(() => null);
    expect((await screen.findByRole('alert')).textContent).toBe('Butikkens bookingsystem kan ikke nås lige nu.');
    const alternatives = screen.getByRole('region', { name: 'Andre muligheder' });
    expect(within(alternatives).queryAllByRole('listitem')).toHaveLength(0);
    expect(alternatives.textContent).toContain('Vi kunne heller ikke finde en ledig tid i nærheden. Ring til butikken, så finder vi en tid sammen.');
  });

  it('starts the details with the signed-in customer’s name and e-mail', async () => {
    renderWizard({ prefill: prefillDetails({ name: 'Mette Jensen', email: 'kunde@example.dk' }) });
    fireEvent.click(await toTime());
    next();
    expect((screen.getByLabelText('Fornavn') as HTMLInputElement).value).toBe('Mette');
    expect((screen.getByLabelText('Efternavn') as HTMLInputElement).value).toBe('Jensen');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('kunde@example.dk');
  });
});

describe('ManageBooking', () => {
  const renderManage = (post: Post, token: string | null = 'tok-1234567890abcdefghij') => {
    const f = fakeApi({ post });
    render(<ManageBooking api={f.api} id="bk-1" token={token} today="2026-11-22" />);
    return f;
  };

  it('explains a link without its code or a booking that is not found', async () => {
    renderManage(() => fail(404, 'Bookingen blev ikke fundet. Tjek, at du har brugt hele linket fra e-mailen.', undefined, 'not_found'), null);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Bookingen blev ikke fundet.');
    expect(alert.textContent).toContain('Linket mangler en kode.');
  });

  it('moves the booking to another time, after a taken one was refused', async () => {
    let moves = 0;
    const { posts } = renderManage((path, body) => {
      if (path.endsWith('/view')) return ok({ data: BOOKING });
      if (path.endsWith('/reschedule')) return ++moves === 1 ? fail(409, 'Den valgte tid er desværre lige blevet booket af en anden. Vælg en anden tid.') : ok({ data: { ...BOOKING, start: body.start as string, end: '2026-11-24T13:30:00.000Z' } });
      throw new Error(path);
    });
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Synstest i Profil Optik Strøget');
    expect(posts[0]).toEqual({ path: '/api/bookings/bk-1/view', body: { token: 'tok-1234567890abcdefghij' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skift tid' }));
    expect(document.activeElement).toBe(heading('Vælg en ny tid'));
    fireEvent.click(await screen.findByRole('radio', { name: 'mandag 23. november kl. 10.30–11.00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Gem den nye tid' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Den valgte tid er desværre lige blevet booket af en anden. Vælg en anden tid.');
    fireEvent.click(await screen.findByRole('radio', { name: 'tirsdag 24. november kl. 14.00–14.30' }));
    fireEvent.click(screen.getByRole('button', { name: 'Gem den nye tid' }));
    expect((await screen.findByRole('status')).textContent).toBe('Din tid er flyttet. Vi har sendt en bekræftelse på e-mail.');
    expect(document.querySelector('.booking-facts')!.textContent).toContain('tirsdag 24. november 2026 kl. 14.00–14.30');
    expect(posts.at(-1)).toEqual({ path: '/api/bookings/bk-1/reschedule', body: { token: 'tok-1234567890abcdefghij', start: slot('2026-11-24', '14:00').start } });
  });

  it('corrects the details', async () => {
    const { posts } = renderManage((path, body) => (path.endsWith('/update') ? ok({ data: { ...BOOKING, noteToStore: body.noteToStore as string } }) : ok({ data: BOOKING })));
    fireEvent.click(await screen.findByRole('button', { name: 'Ret oplysninger' }));
    expect(((await screen.findByLabelText('Fornavn')) as HTMLInputElement).value).toBe('Ida');
    type('E-mail', 'nej');
    fireEvent.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    expect(errorOf(screen.getByLabelText('E-mail'))).toBe('E-mail skal indeholde @ og et domæne.');
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    type('E-mail', 'ida@example.dk');
    type('Besked til butikken (valgfri)', 'Jeg kommer med min datter.');
    fireEvent.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    expect((await screen.findByRole('status')).textContent).toBe('Dine oplysninger er gemt.');
    expect(posts.at(-1)!.body).toMatchObject({ token: 'tok-1234567890abcdefghij', noteToStore: 'Jeg kommer med min datter.' });
  });

  it('cancels after asking, then books a new time from the cancelled booking', async () => {
    const renew: BookingView = { ...BOOKING, id: 'bk-2', rebookedFrom: 'bk-1', start: slot('2026-11-24', '14:00').start, end: slot('2026-11-24', '14:00').end };
    renderManage((path) => {
      if (path.endsWith('/cancel')) return ok({ data: { ...BOOKING, status: 'cancelled', changeable: false } });
      if (path.endsWith('/rebook')) return ok({ data: renew, manageToken: 'tok-new-1234567890abcdef' }, 201);
      return ok({ data: BOOKING });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Aflys booking' }));
    expect(document.activeElement).toBe(heading('Er du sikker på, at du vil aflyse tiden?'));
    fireEvent.click(screen.getByRole('button', { name: 'Nej, behold tiden' }));
    fireEvent.click(screen.getByRole('button', { name: 'Aflys booking' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ja, aflys tiden' }));
    expect((await screen.findByRole('status')).textContent).toBe('Din booking er aflyst. Du kan booke en ny tid herunder.');
    expect(screen.queryByRole('button', { name: 'Skift tid' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Book en ny tid' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'tirsdag 24. november kl. 14.00–14.30' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book tiden' }));
    expect((await screen.findByRole('status')).textContent).toBe('Din nye tid er booket. Vi har sendt en bekræftelse på e-mail.');
    expect(screen.getByRole('link', { name: 'Se den nye booking' }).getAttribute('href')).toBe('/bestil-tid-til-synstest/bk-2#token=tok-new-1234567890abcdef');
    expect(screen.queryByRole('button', { name: 'Book en ny tid' })).toBeNull();
  });

  it('offers no changes once the time has passed', async () => {
    renderManage(() => ok({ data: { ...BOOKING, changeable: false } }));
    expect(await screen.findByText('Tidspunktet er passeret, så bookingen kan ikke ændres.')).toBeDefined();
    for (const action of ['Skift tid', 'Ret oplysninger', 'Aflys booking']) expect(screen.queryByRole('button', { name: action })).toBeNull();
  });
});

describe('LeaveDialog', () => {
  it('takes focus on "stay" and stays on Escape', () => {
    const onStay = vi.fn();
    const onLeave = vi.fn();
    render(<LeaveDialog onStay={onStay} onLeave={onLeave} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Vil du forlade bookingen?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Bliv og gør bookingen færdig' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onStay).toHaveBeenCalledOnce();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forlad siden' }));
    expect(onLeave).toHaveBeenCalledOnce();
  });
});

describe('booking form', () => {
  it('round-trips a booking’s details and maps distances back to the boxes they were typed in', () => {
    const b: BookingView = { ...BOOKING, birthDate: '1961-07-07', companyName: 'Nordhavn', reference: 'M-1', requisitionType: 'physical', workingDistances: [60], tools: 'Lup', other: null };
    const form = detailsFromBooking(b);
    expect(form).toMatchObject({ birthDate: '070761', viaEmployer: true, distances: ['60', '', ''], requisitionType: 'physical' });
    expect(detailsRequest(form).company).toEqual({ companyName: 'Nordhavn', reference: 'M-1', requisitionType: 'physical', workingDistances: ['60'], tools: 'Lup', other: '' });
    const typed = { ...form, distances: ['', '10', '300'] as [string, string, string] };
    expect(validateDetails(typed)).toEqual({ distance1: 'Arbejdsafstanden skal være et helt antal cm mellem 20 og 200.', distance2: 'Arbejdsafstanden skal være et helt antal cm mellem 20 og 200.' });
    expect(fieldErrors(typed, { 'company.workingDistances.1': 'x', 'contact.email': 'y', storeId: 'z' })).toEqual({ distance2: 'x', email: 'y' });
    expect(validateDetails(emptyDetails)).toMatchObject({ firstName: 'Skal udfyldes.', email: 'Skal udfyldes.' });
  });
});
