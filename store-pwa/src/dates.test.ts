import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './dates';

describe('Danish dates and times in the store app', () => {
  it('writes dates as 25.11.2026 and times as 10.00, in Copenhagen time in winter and summer', () => {
    expect(formatDate('2026-11-25T09:00:00.000Z')).toBe('25.11.2026');
    expect(formatTime('2026-11-25T09:00:00.000Z')).toBe('10.00');
    expect(formatTime('2026-07-01T08:05:00.000Z')).toBe('10.05');
    expect(formatDateTime('2026-11-25T09:00:00.000Z')).toBe('25.11.2026 kl. 10.00');
    // 23.30 UTC on 31 December is already New Year in Copenhagen.
    expect(formatDateTime(new Date('2026-12-31T23:30:00.000Z'))).toBe('01.01.2027 kl. 00.30');
  });

  it('writes a calendar date as it is, a wall-clock time with a dot, and leaves what it cannot read', () => {
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
    expect(formatDateTime('2026-03-01')).toBe('01.03.2026');
    expect(formatTime('09:30')).toBe('09.30');
    expect(formatDate('ukendt')).toBe('ukendt');
  });
});
