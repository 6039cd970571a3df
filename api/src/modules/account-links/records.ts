import { z } from 'zod';
import { accountLinkSourceSchema } from '@optik/shared';
import { defineCollection } from '../../storage/port';

/**
 * A shop account linked to a store customer (issue 17, docs/decisions/010-linked-accounts.md). `id` is the account
 * id and `customerId` a unique key while the link stands, so one account is one store customer and
 * a store customer one account, kept by the storage layer on both adapters. An unlinked record
 * stays (`active` false, out of the unique key): the customer said no, so a later e-ID login with
 * the same CPR does not link it again by itself.
 */
export const accountLinkRecordSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  source: accountLinkSourceSchema,
  active: z.boolean(),
  /** "Vis mine brilleoplysninger fra butikken": the store's prescriptions on My Pages only with it. */
  prescriptionsConsent: z.boolean(),
  linkedAt: z.string(),
  updatedAt: z.string(),
});
export type AccountLinkRecord = z.infer<typeof accountLinkRecordSchema>;

export const accountLinksCollection = defineCollection({
  name: 'accountLinks',
  schema: accountLinkRecordSchema,
  file: { group: 'account-links', durable: true },
  unique: { customerId: (l) => (l.active ? l.customerId : null) },
});

/**
 * A link store staff mailed to a store customer: `id` is the SHA-256 of the token (the mail holds
 * the token, the data file only its hash). Single use: `usedBy` is set once, by the account that
 * confirmed it. Expires `ACCOUNT_LINK_DAYS` after it was sent; a new link replaces the customer's earlier ones.
 */
export const accountLinkTokenRecordSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  storeId: z.string(),
  sentBy: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  usedBy: z.string().nullable(),
  usedAt: z.string().nullable(),
});
export type AccountLinkTokenRecord = z.infer<typeof accountLinkTokenRecordSchema>;

export const accountLinkTokensCollection = defineCollection({
  name: 'accountLinkTokens',
  schema: accountLinkTokenRecordSchema,
  file: { group: 'account-links', durable: true },
  indexes: { byCustomer: { key: (t) => t.customerId, order: (t) => t.sentAt } },
});
