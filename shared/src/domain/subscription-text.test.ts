import { describe, expect, it } from 'vitest';
import { subscriptionIntervalText } from './subscription-text';

describe('subscriptionIntervalText (issue 16)', () => {
  it('reads the interval in Danish, never its code', () => {
    expect(subscriptionIntervalText('m1')).toBe('Abonnement – levering hver måned');
    expect(subscriptionIntervalText('m2')).toBe('Abonnement – levering hver 2. måned');
    expect(subscriptionIntervalText('m3')).toBe('Abonnement – levering hver 3. måned');
    expect(subscriptionIntervalText('m6')).toBe('Abonnement – levering hver 6. måned');
  });
});
