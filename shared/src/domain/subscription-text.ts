import type { SubscriptionInterval } from '../schemas/enums';

/**
 * The one Danish text of a lens subscription's delivery interval on an order or cart line (issue
 * 16): the cart, the checkout summary and confirmation, the pay-by-link page, e-mails, My Pages
 * and the store app all show this — never the internal code ("m1"). No other imports, so a
 * first-load page (the cart drawer) can show it.
 */
const INTERVAL_TEXTS = {
  m1: 'Abonnement – levering hver måned',
  m2: 'Abonnement – levering hver 2. måned',
  m3: 'Abonnement – levering hver 3. måned',
  m6: 'Abonnement – levering hver 6. måned',
} as const satisfies Record<SubscriptionInterval, string>;

export function subscriptionIntervalText(interval: SubscriptionInterval): string {
  return INTERVAL_TEXTS[interval];
}

