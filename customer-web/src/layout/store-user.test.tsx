import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '@optik/shared/client';
import type { GetUserResponse } from '@optik/shared';
import { StoreStatusBar, useStoreUser } from './store-user';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const ok = (user: GetUserResponse['user']): ApiResult<GetUserResponse> => ({ ok: true, status: 200, data: { success: true, user } });
const store = ok({ isStore: true, name: 'Profil Optik Aarhus' });
const customer = ok({ isStore: false, name: 'Mette Jensen' });

function Probe({ api, pathname, reload }: { api: { getUser: () => Promise<ApiResult<GetUserResponse>> }; pathname: string; reload: () => void }) {
  const name = useStoreUser(api, pathname, reload);
  return (
    <>
      <p>{name ?? 'ingen butik'}</p>
      <StoreStatusBar name={name} />
    </>
  );
}

describe('store user', () => {
  it('shows the status bar with the store name for a store user', async () => {
    const api = { getUser: vi.fn(async () => store) };
    render(<Probe api={api} pathname="/" reload={vi.fn()} />);
    expect((await screen.findByRole('status')).textContent).toBe('Du er logget ind som butik: Profil Optik Aarhus');
  });

  it('shows nothing for a customer or an anonymous visitor', async () => {
    const api = { getUser: vi.fn(async () => customer) };
    render(<Probe api={api} pathname="/" reload={vi.fn()} />);
    await waitFor(() => expect(api.getUser).toHaveBeenCalled());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('checks again on route change and reloads once when a held store user is no longer one', async () => {
    const answers = [store, customer, customer];
    const api = { getUser: vi.fn(async () => answers.shift()!) };
    const reload = vi.fn();
    const { rerender } = render(<Probe api={api} pathname="/" reload={reload} />);
    await screen.findByRole('status');
    rerender(<Probe api={api} pathname="/briller" reload={reload} />);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // The guard: a further flap on the same page does not reload again.
    rerender(<Probe api={api} pathname="/solbriller" reload={reload} />);
    await waitFor(() => expect(api.getUser).toHaveBeenCalledTimes(3));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks once per route, however often the page around it renders (the default reload is one function)', async () => {
    const api = { getUser: vi.fn(async () => customer) };
    function Busy() {
      const [n, setN] = useState(0);
      useStoreUser(api, '/find-butik/roskilde');
      return (
        <button type="button" onClick={() => setN(n + 1)}>
          {n}
        </button>
      );
    }
    render(<Busy />);
    await waitFor(() => expect(api.getUser).toHaveBeenCalledTimes(1));
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('5');
    // Each click's render and effects have run (fireEvent acts): no new question.
    expect(api.getUser).toHaveBeenCalledTimes(1);
  });
});
