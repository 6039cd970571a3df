import type { BookingCalendarRecord } from './records';

/**
 * Some stores keep their exam times in an external booking system (a calendar record with
 * `external`). Before offering or taking a time in such a store the service asks this port
 * whether that system answers; when it does not, the shop shows SPEC §8 "external booking
 * provider unavailable for the store" and offers nearby stores. Stores with their own
 * calendar never ask.
 */
export interface ExternalCalendar {
  reachable(calendar: BookingCalendarRecord): Promise<boolean>;
}

/**
 * The local simulation used by default and in tests: the system of a store answers unless the
 * store's calendar says `simulatedOutage` (seeded for one demo store) or the store is in `down`.
 */
export function createSimulatedExternalCalendar(opts: { down?: Iterable<string> } = {}): ExternalCalendar {
  const down = new Set(opts.down ?? []);
  return {
    async reachable(calendar) {
      if (!calendar.external) return true;
      return !calendar.external.simulatedOutage && !down.has(calendar.id);
    },
  };
}
