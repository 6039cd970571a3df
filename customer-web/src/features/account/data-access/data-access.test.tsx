import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataAccessResponse } from '@optik/shared';
import type { ApiResult } from '@optik/shared/client';
import { DataAccessSection } from './data-access-section';

afterEach(cleanup);

function fakeApi(results: ApiResult<DataAccessResponse>[]) {
  const get = vi.fn(async () => results.shift()!);
  return { api: { get } as unknown as Parameters<typeof DataAccessSection>[0]['api'], get };
}

const strøget = { storeId: 'st-002', storeName: 'Profil Optik Strøget' };
const kbh = { storeId: 'st-001', storeName: 'Profil Optik København K' };

describe('DataAccessSection ("Hvem har set dine data")', () => {
  it('lists which stores opened which data and when, one row per store, day and kind, without staff names', async () => {
    const { api, get } = fakeApi([
      {
        ok: true,
        status: 200,
        data: {
          data: [
            { ...strøget, at: '2026-11-22T10:05:00.000Z', kind: 'prescriptions', write: false },
            { ...strøget, at: '2026-11-22T10:01:00.000Z', kind: 'prescriptions', write: false },
            { ...strøget, at: '2026-11-22T10:00:00.000Z', kind: 'personal-data', write: false },
            { ...kbh, at: '2026-03-02T09:00:00.000Z', kind: 'prescriptions', write: true },
          ],
        },
      },
    ]);
    render(<DataAccessSection api={api} />);
    const section = screen.getByRole('region', { name: 'Hvem har set dine data' });
    const list = await within(section).findByRole('list');
    expect(get).toHaveBeenCalledWith(expect.anything(), '/api/my/data-access');
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Profil Optik StrøgetSå dine recepter (2 gange)22. november 2026',
      'Profil Optik StrøgetSå dine personoplysninger22. november 2026',
      'Profil Optik København KRegistrerede en recept2. marts 2026',
    ]);
    expect(within(list).getAllByRole('listitem')[0]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-22T10:05:00.000Z');
  });

  it('says when no store has opened the data, and retries after a failed load', async () => {
    const { api } = fakeApi([
      { ok: false, status: 500, error: { code: 'internal', message: 'Noget gik galt. Prøv igen.' } },
      { ok: true, status: 200, data: { data: [] } },
    ]);
    render(<DataAccessSection api={api} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Prøv igen' }));
    await screen.findByText('Ingen butik har åbnet dine data.');
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
