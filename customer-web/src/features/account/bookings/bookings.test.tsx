import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingView } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import { BOOKING } from '../../booking/test-data';
import { BookingList } from './bookings-page';

afterEach(cleanup);

/** The booking screens' fixture, as the customer's own booking in København K. */
const booking = (over: Partial<BookingView>): BookingView => ({
  ...BOOKING,
  storeId: 'st-001',
  start: '2026-12-10T13:00:00.000Z',
  end: '2026-12-10T13:30:00.000Z',
  customerId: 'u-kunde',
  store: { name: 'Profil Optik København K', street: 'Frederiksborggade 21', postcode: '1360', city: 'København K', phone: '33100000' },
  ...over,
});

function fakeApi(results: ApiResult<{ data: BookingView[] }>[]) {
  const get = vi.fn(async () => results.shift()!);
  return { api: { get } as unknown as Parameters<typeof BookingList>[0]['api'], get };
}

describe('BookingList', () => {
  it('shows coming times soonest first, then past and cancelled ones newest first, each linking to its page', async () => {
    const { api, get } = fakeApi([
      {
        ok: true,
        status: 200,
        data: {
          data: [
            booking({ id: 'bk-marts', start: '2026-03-12T09:00:00.000Z', end: '2026-03-12T09:30:00.000Z', changeable: false }),
            booking({ id: 'bk-aflyst', examType: 'kontaktlinsekontrol', start: '2026-12-01T13:00:00.000Z', end: '2026-12-01T13:30:00.000Z', status: 'cancelled', changeable: false }),
            booking({ id: 'bk-december', examType: 'kontaktlinsekontrol', price: 0, ordinaryPrice: 55_000, friendsFreeVisit: true }),
            booking({ id: 'bk-januar', examType: 'kørekort', status: 'requested', confirmationState: 1, start: '2027-01-05T09:00:00.000Z', end: '2027-01-05T09:30:00.000Z' }),
          ],
        },
      },
    ]);
    render(<BookingList api={api} />);
    const lists = await screen.findAllByRole('list');
    expect(get).toHaveBeenCalledWith(expect.anything(), '/api/account/bookings');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Kommende tider', 'Tidligere og aflyste tider']);
    const [upcoming, earlier] = lists.map((l) => within(l).getAllByRole('heading').map((h) => h.textContent));
    expect(upcoming).toEqual(['Kontaktlinsekontrol i Profil Optik København K', 'Synsattest til kørekort i Profil Optik København K']);
    expect(earlier).toEqual(['Kontaktlinsekontrol i Profil Optik København K', 'Synstest i Profil Optik København K']);
    const december = within(lists[0]!).getAllByRole('listitem')[0]!;
    expect(december.textContent).toContain('torsdag 10. december 2026 kl. 14.00–14.30');
    expect(december.textContent).toContain('Bekræftet · Gratis som Friends-medlem');
    expect(within(december).getByRole('link', { name: /^Se, flyt eller aflys/ }).getAttribute('href')).toBe('/bestil-tid-til-synstest/bk-december');
    expect(within(lists[0]!).getAllByRole('listitem')[1]!.textContent).toContain('Anmodning sendt til butikken');
    const cancelled = within(lists[1]!).getAllByRole('listitem')[0]!;
    expect(cancelled.textContent).toContain('Aflyst');
    expect(within(cancelled).getByRole('link', { name: /^Se booking/ }).getAttribute('href')).toBe('/bestil-tid-til-synstest/bk-aflyst');
    expect(screen.getByRole('link', { name: 'Book en ny tid' }).getAttribute('href')).toBe('/bestil-tid-til-synstest');
  });

  it('says when there are none, and retries after a failed load', async () => {
    const { api } = fakeApi([
      { ok: false, status: 500, error: { code: 'internal', message: 'Noget gik galt. Prøv igen.' } },
      { ok: true, status: 200, data: { data: [] } },
    ]);
    render(<BookingList api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Prøv igen' }));
    await screen.findByText('Du har ingen bookinger endnu.');
    expect(screen.queryByRole('button', { name: 'Prøv igen' })).toBeNull();
    expect(screen.queryAllByRole('list')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Book en ny tid' }).getAttribute('href')).toBe('/bestil-tid-til-synstest');
  });
});
