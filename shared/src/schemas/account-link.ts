import { z } from 'zod/mini';
import './zod-locale';
import { prescriptionSchema } from './prescription';
import { TEXT_MAX } from './limits';

/**
 * Linked accounts (issue 17 item 5): a shop account and a customer created in a store are the
 * same person when the account's e-ID CPR is the store customer's CPR ('cpr'), or when the
 * customer confirmed a link store staff mailed them ('staff-link'). One account ↔ one store customer.
 */
export const accountLinkSourceSchema = z.enum(['cpr', 'staff-link']);
export type AccountLinkSource = z.infer<typeof accountLinkSourceSchema>;

/** Danish texts of the link, shown by the API and the apps alike. */
export const accountLinkMessages = {
  linked: 'Din butikskunde-profil er knyttet til kontoen.',
  linkGone: 'Linket er udløbet eller allerede brugt. Bed butikken om at sende et nyt link.',
  accountTaken: 'Kontoen er allerede knyttet til en anden butikskunde-profil. Fjern den først under Mine sider.',
  customerTaken: 'Butikskunde-profilen er allerede knyttet til en anden webkonto.',
  notLinked: 'Kontoen er ikke knyttet til en butikskunde-profil.',
  noConsent: 'Du har ikke givet lov til, at vi viser dine brilleoplysninger fra butikken.',
  noCprMatch: 'Vi fandt ingen butikskunde-profil med CPR-nummeret fra MitID.',
  noEmail: 'Kunden har ingen e-mail. Tilføj en e-mail på kunden, og send linket igen.',
  alreadyLinked: 'Kunden er allerede knyttet til en webkonto.',
  unknownCustomer: 'Kunden findes ikke.',
} as const;

const token = z.string({ error: accountLinkMessages.linkGone }).check(z.minLength(20, accountLinkMessages.linkGone), z.maxLength(TEXT_MAX.token, accountLinkMessages.linkGone));

/** The account's link as the customer sees it on My Pages; `canLinkByCpr`: not linked, but the account's e-ID CPR is a store customer's. */
export const myStoreLinkSchema = z.object({
  link: z.nullable(
    z.object({
      source: accountLinkSourceSchema,
      linkedAt: z.string(),
      /** The store that created the store customer. */
      storeName: z.nullable(z.string()),
      customerNumber: z.string(),
      prescriptionsConsent: z.boolean(),
    }),
  ),
  canLinkByCpr: z.boolean(),
});
export type MyStoreLink = z.infer<typeof myStoreLinkSchema>;
export const myStoreLinkResponseSchema = z.object({ data: myStoreLinkSchema });

/** POST /api/my/store-link/preview — what a mailed link would link, before the customer confirms. */
export const storeLinkPreviewRequestSchema = z.object({ token });
export const storeLinkPreviewResponseSchema = z.object({ data: z.object({ storeName: z.nullable(z.string()), expiresAt: z.string() }) });
export type StoreLinkPreview = z.infer<typeof storeLinkPreviewResponseSchema>['data'];

/** POST /api/my/store-link/confirm — the signed-in customer confirms the mailed link, and says whether prescriptions may be shown. */
export const storeLinkConfirmRequestSchema = z.object({ token, prescriptionsConsent: z._default(z.boolean(), false) });
export type StoreLinkConfirmRequest = z.input<typeof storeLinkConfirmRequestSchema>;

/** POST /api/my/store-link/consent — "Vis mine brilleoplysninger fra butikken" on or off. */
export const storeLinkConsentRequestSchema = z.object({ prescriptionsConsent: z.boolean() });

/** GET /api/my/store-link/prescriptions — the store customer's prescriptions, only with the customer's consent. */
export const myStorePrescriptionsResponseSchema = z.object({ data: z.array(prescriptionSchema) });

/** The store app: whether the customer is linked to a web account, and whether a mailed link waits. */
export const staffAccountLinkSchema = z.object({
  linked: z.boolean(),
  linkedAt: z.nullable(z.string()),
  source: z.nullable(accountLinkSourceSchema),
  /** A mailed link not used yet: until when it works. */
  pendingUntil: z.nullable(z.string()),
  hasEmail: z.boolean(),
});
export type StaffAccountLink = z.infer<typeof staffAccountLinkSchema>;
export const staffAccountLinkResponseSchema = z.object({ data: staffAccountLinkSchema });
