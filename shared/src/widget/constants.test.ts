import { describe, expect, it } from 'vitest';
import { INSTANT_RESULTS_MAX, MIN_PRODUCTS_TO_FETCH, minProductsToFetch, normalizeSearchPagePath, visibilityStep, type VisibilityState } from './constants';

describe('widget constants (SPEC §9)', () => {
  it('fetches at least 20 products, 4 when sorting or filters are active', () => {
    expect(INSTANT_RESULTS_MAX).toBe(4);
    expect(MIN_PRODUCTS_TO_FETCH).toBe(20);
    expect(minProductsToFetch({ hasSorting: false, filterCount: 0 })).toBe(20);
    expect(minProductsToFetch({ hasSorting: true, filterCount: 0 })).toBe(4);
    expect(minProductsToFetch({ hasSorting: false, filterCount: 2 })).toBe(4);
  });

  it('adds a missing leading slash to the search page path (SPEC §2)', () => {
    expect(normalizeSearchPagePath('soeg')).toBe('/soeg');
    expect(normalizeSearchPagePath('/soeg')).toBe('/soeg');
    expect(normalizeSearchPagePath(' search ')).toBe('/search');
  });
});

describe('visibilityStep (SPEC §9: 500 ms at ratio ≥ 0.6, reset below 0.5)', () => {
  const start: VisibilityState = { visibleSince: null, counted: false };
  const steps = (events: [number, number][]) => events.reduce((s, [ratio, now]) => visibilityStep(s, ratio, now), start);

  it('counts after 500 ms at 0.6 or more', () => {
    expect(steps([[0.6, 0], [0.6, 499]]).counted).toBe(false);
    expect(steps([[0.6, 0], [0.7, 500]]).counted).toBe(true);
  });

  it('a ratio below 0.6 does not start the timer', () => {
    expect(steps([[0.55, 0], [0.55, 1000]])).toEqual(start);
  });

  it('dipping to between 0.5 and 0.6 keeps the timer, below 0.5 resets it', () => {
    expect(steps([[0.6, 0], [0.55, 300], [0.55, 500]]).counted).toBe(true);
    expect(steps([[0.6, 0], [0.4, 300], [0.6, 400], [0.6, 800]]).counted).toBe(false);
    expect(steps([[0.6, 0], [0.4, 300], [0.6, 400], [0.6, 900]]).counted).toBe(true);
  });

  it('once counted it stays counted', () => {
    expect(steps([[1, 0], [1, 500], [0, 600]]).counted).toBe(true);
  });
});
