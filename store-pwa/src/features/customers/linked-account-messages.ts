import { accountLinkMessages, copenhagenDateOf, type Order } from '@optik/shared';

/** "25.11.2026", Copenhagen time. */
const day = (iso: string) => copenhagenDateOf(iso).split('-').reverse().join('.');

/** Click and collect (119) shows the lifecycle as the counter sees it (common brief); other deliveries as shipped. */
const COLLECT: Partial<Record<Order['status'], string>> = { handled: 'I produktion', controlled: 'Klar til afhentning', delivered: 'Udleveret' };
const SHIPPED: Record<Order['status'], string> = { handled: 'Under behandling', controlled: 'Kontrolleret', delivered: 'Leveret', stopped: 'Stoppet', cancelled: 'Annulleret' };

/** The store app's customer page: the linked web account and its web orders (issue 17). */
export const la = {
  title: 'Webkonto',
  loading: 'Henter webkonto …',
  offline: 'Webkonto og webordrer kan kun ses med forbindelse til serveren.',
  /** Offline, the link goes into the queue with the day's other actions. */
  queued: 'Linket til webkonto venter og sendes, når der er forbindelse igen.',
  retry: 'Prøv igen',
  linked: (source: 'cpr' | 'staff-link' | null, at: string | null) =>
    `Kunden er knyttet til en webkonto${source === 'cpr' ? ' (via MitID)' : source === 'staff-link' ? ' (via link)' : ''}${at ? ` siden ${day(at)}` : ''}.`,
  notLinked: 'Kunden er ikke knyttet til en webkonto. Send et link, så kunden kan knytte sin webkonto – kunden bekræfter fra sin e-mail.',
  pending: (until: string) => `Link sendt – det virker til ${day(until)}.`,
  noEmail: accountLinkMessages.noEmail,
  send: 'Send link til webkonto',
  resend: 'Send nyt link',
  sending: 'Sender …',
  sent: 'Linket er sendt til kundens e-mail.',
  webOrders: 'Webordrer',
  noWebOrders: 'Ingen webordrer.',
  ordered: (at: string) => `Bestilt ${day(at)}`,
  status: (o: Pick<Order, 'status' | 'deliveryMethodId'>) => (o.deliveryMethodId === 119 ? COLLECT[o.status] : undefined) ?? SHIPPED[o.status],
} as const;
