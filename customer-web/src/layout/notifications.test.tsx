import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationLifetimeMs, notify, Notifications } from './notifications';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('notifications', () => {
  it('lifetime is seconds × 1000 + 400 ms', () => {
    expect(notificationLifetimeMs(3)).toBe(3400);
    expect(notificationLifetimeMs(0)).toBe(400);
  });

  it('shows a status message and clears it exactly after seconds × 1000 + 400 ms', () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <Notifications />
      </Provider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      notify('Din kurv er opdateret', 2, store);
    });
    act(() => vi.advanceTimersByTime(1000));
    act(() => {
      notify('Vi har gemt dine valg', 5, store);
    });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Din kurv er opdateret', 'Vi har gemt dine valg']);
    act(() => vi.advanceTimersByTime(1399));
    expect(screen.getByText('Din kurv er opdateret')).toBeDefined();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Din kurv er opdateret')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Vi har gemt dine valg');
    act(() => vi.advanceTimersByTime(1000 + 5400 - 2400 - 1));
    expect(screen.getByRole('status')).toBeDefined();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
