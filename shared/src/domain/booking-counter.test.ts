import { describe, expect, it } from 'vitest';
import { applyCounterAction, attendanceRefusal, formatCounterDay, formatCounterTime, replayCounterCommands, type CounterState } from './booking-counter';

const NOW = new Date('2026-11-26T09:00:00.000Z');
const base: CounterState = { status: 'confirmed', confirmationState: 2, start: '2026-11-26T13:00:00.000Z', attendance: null, attendanceAt: null, customerId: null };

describe('the counter rules (issue 17)', () => {
  it('allows check-in and no-show from the booking’s day (Copenhagen) on, never for a cancelled booking, and no no-show after a check-in', () => {
    expect(attendanceRefusal(base, 'check-in', NOW)).toBeNull();
    expect(attendanceRefusal(base, 'no-show', NOW)).toBeNull();
    // 23:30 UTC on the 26th is already the 27th in Copenhagen: a later day.
    expect(attendanceRefusal({ ...base, start: '2026-11-26T23:30:00.000Z' }, 'check-in', NOW)).toBe('future');
    // Synced the next morning: still allowed.
    expect(attendanceRefusal(base, 'check-in', new Date('2026-11-27T07:00:00.000Z'))).toBeNull();
    expect(attendanceRefusal({ ...base, status: 'cancelled' }, 'check-in', NOW)).toBe('cancelled');
    expect(attendanceRefusal({ ...base, attendance: 'checked-in' }, 'no-show', NOW)).toBe('checked-in');
    expect(attendanceRefusal({ ...base, attendance: 'checked-in' }, 'check-in', NOW)).toBe('already-checked-in');
    expect(attendanceRefusal({ ...base, attendance: 'no-show' }, 'no-show', NOW)).toBe('already-no-show');
    // A no-show who turns up late.
    expect(attendanceRefusal({ ...base, attendance: 'no-show' }, 'check-in', NOW)).toBeNull();
  });

  it('applies the actions, and replays unsent commands in order over the server’s state', () => {
    expect(applyCounterAction({ ...base, status: 'requested', confirmationState: 1 }, 'confirm', { at: 'x' })).toMatchObject({ status: 'confirmed', confirmationState: 2 });
    expect(applyCounterAction(base, 'check-in', { at: 't1', customerId: 'c1' })).toMatchObject({ attendance: 'checked-in', attendanceAt: 't1', customerId: 'c1' });
    const shown = replayCounterCommands(base, [
      { type: 'booking.noShow', createdAt: 't1', payload: { bookingId: 'b' } },
      { type: 'customer.create', createdAt: 't2', payload: { customerId: 'c9' } },
      { type: 'booking.checkIn', createdAt: 't3', payload: { bookingId: 'b', customerId: 'c2' } },
    ]);
    expect(shown).toMatchObject({ attendance: 'checked-in', attendanceAt: 't3', customerId: 'c2' });
  });

  it('names days and times in Danish form, in Copenhagen time', () => {
    expect(formatCounterDay('2026-11-26')).toBe('torsdag 26.11.2026');
    expect(formatCounterDay('2027-03-01')).toBe('mandag 01.03.2027');
    expect(formatCounterTime('2026-11-26T09:00:00.000Z')).toBe('10.00');
    // Summer time: UTC+2.
    expect(formatCounterTime('2026-06-15T07:05:00.000Z')).toBe('09.05');
  });
});
