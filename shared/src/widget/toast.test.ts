import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, initialToastState, toastDeadline, toastReducer, toastTextKey, type ToastEvent, type ToastState } from './toast';

const run = (events: ToastEvent[], start: ToastState = initialToastState) => {
  let state = start;
  const closed: unknown[] = [];
  for (const e of events) {
    const r = toastReducer(state, e);
    state = r.state;
    if (r.closed) closed.push(r.closed);
  }
  return { state, closed };
};

describe('toast (SPEC §2)', () => {
  it('auto-closes after 30000 ms', () => {
    expect(TOAST_DURATION_MS).toBe(30000);
    const shown = run([{ type: 'show', kind: 'filters-cleared', now: 1000 }]);
    expect(toastDeadline(shown.state)).toBe(31000);
    expect(run([{ type: 'tick', now: 30999 }], shown.state).state.toast).not.toBeNull();
    const after = run([{ type: 'tick', now: 31000 }], shown.state);
    expect(after.state.toast).toBeNull();
    expect(after.closed).toEqual([{ id: 1, kind: 'filters-cleared', reason: 'timeout' }]);
  });

  it.each(['escape', 'ok', 'restore'] as const)('%s closes it and says why', (type) => {
    const r = run([{ type: 'show', kind: 'we-cleared-your-filters', now: 0 }, { type }]);
    expect(r.state.toast).toBeNull();
    expect(r.closed).toEqual([{ id: 1, kind: 'we-cleared-your-filters', reason: type }]);
  });

  it('pauses while hovered or focused and resumes with the time that was left', () => {
    const r = run([
      { type: 'show', kind: 'filters-cleared', now: 0 },
      { type: 'pointer-enter', now: 10_000 },
      { type: 'tick', now: 100_000 },
      { type: 'focus-in', now: 100_000 },
      { type: 'pointer-leave', now: 120_000 }, // still focused: stays paused
    ]);
    expect(r.state.toast?.remainingMs).toBe(20_000);
    expect(toastDeadline(r.state)).toBeNull();
    const resumed = run([{ type: 'focus-out', now: 200_000 }], r.state);
    expect(toastDeadline(resumed.state)).toBe(220_000);
    expect(run([{ type: 'tick', now: 219_999 }], resumed.state).state.toast).not.toBeNull();
    expect(run([{ type: 'tick', now: 220_000 }], resumed.state).closed).toHaveLength(1);
  });

  it('only one toast at a time: a new one replaces the old with a fresh timer', () => {
    const r = run([
      { type: 'show', kind: 'filters-cleared', now: 0 },
      { type: 'show', kind: 'we-cleared-your-filters', now: 5000 },
    ]);
    expect(r.closed).toEqual([{ id: 1, kind: 'filters-cleared', reason: 'replaced' }]);
    expect(r.state.toast).toMatchObject({ id: 2, kind: 'we-cleared-your-filters' });
    expect(toastDeadline(r.state)).toBe(35_000);
  });

  it('events without a toast change nothing', () => {
    for (const e of [{ type: 'escape' }, { type: 'tick', now: 1 }, { type: 'pointer-enter', now: 1 }] as ToastEvent[]) {
      expect(toastReducer(initialToastState, e)).toEqual({ state: initialToastState });
    }
    expect(toastDeadline(initialToastState)).toBeNull();
  });

  it('maps kinds to their texts', () => {
    expect(toastTextKey('filters-cleared')).toBe('filtersCleared');
    expect(toastTextKey('we-cleared-your-filters')).toBe('weClearedYourFilters');
  });
});
