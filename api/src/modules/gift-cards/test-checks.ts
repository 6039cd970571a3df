import { vi } from 'vitest';
import type { GiftCardService } from './service';

/**
 * Makes the first `n` gift-card checks wait for each other, so `n` payments have all seen a card's
 * balance before any of them takes from it — the race a reservation must win for one of them only.
 */
export function checksMeet(giftCards: GiftCardService, n = 2): void {
  const check = giftCards.check.bind(giftCards);
  let arrived = 0;
  let release!: () => void;
  const all = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(giftCards, 'check').mockImplementation(async (...args) => {
    const checked = await check(...args);
    if (++arrived === n) release();
    await all;
    return checked;
  });
}
