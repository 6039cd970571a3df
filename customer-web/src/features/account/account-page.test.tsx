import { cleanup, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@optik/shared';

const me = vi.hoisted(() => vi.fn());
vi.mock('../../api', () => ({ api: { me } }));
vi.mock('@tanstack/react-router', () => ({ useLocation: () => ({ pathname: '/min-konto/ordrer', searchStr: '' }) }));

const { AccountPage } = await import('./account-page');

afterEach(cleanup);

function renderWith(answer: MeResponse) {
  me.mockResolvedValue({ ok: true, status: 200, data: answer });
  render(
    <Provider store={createStore()}>
      <AccountPage title="Ordrer">{(user) => <p>Hej {user.name}</p>}</AccountPage>
    </Provider>,
  );
}

describe('My Pages frame (issue 16)', () => {
  it('for a visitor who is not signed in ({ user: null } from /api/auth/me): the way to sign in, no "Log ud"', async () => {
    renderWith({ user: null });
    expect((await screen.findByRole('link', { name: 'Log ind' })).getAttribute('href')).toBe('/min-konto/log-ind?retur=%2Fmin-konto%2Fordrer');
    expect(screen.queryByRole('link', { name: 'Log ud' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ordrer' })).toBeDefined();
  });

  it('for a signed-in customer: the page and "Log ud"', async () => {
    renderWith({ user: { id: 'u-kunde', role: 'customer', name: 'Mette Jensen', email: 'kunde@example.dk', storeId: null, storeName: null, companyId: null }, expiresAt: '2026-11-23T10:00:00Z' });
    expect(await screen.findByText('Hej Mette Jensen')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Log ud' }).getAttribute('href')).toBe('/min-konto/log-ud');
  });
});
