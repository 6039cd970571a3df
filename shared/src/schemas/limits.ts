/**
 * The longest text and the longest list a request may carry, per kind of field (issue 15: every
 * string and list from outside has a maximum). The schemas check them; the forms put the text
 * limits on their inputs as `maxLength`. A module without zod (docs/decisions/006), so a page can
 * use the numbers without loading zod.
 */
export const TEXT_MAX = {
  /** A first or last name, or a person's full name. */
  name: 100,
  /** RFC 5321: a forward path holds at most 254 characters of address. */
  email: 254,
  /** E.164 has at most 15 digits; room for +/00, spaces and hyphens as typed. */
  phone: 32,
  /** Long enough for any password manager, short enough that hashing it costs nothing extra. */
  password: 200,
  /** Street and number (the limit the delivery address always had). */
  street: 120,
  city: 60,
  /** A short free text: a note to the store, a return comment, a manager's note. */
  freeText: 500,
  /** A longer note: the practical details of an eye-health day. */
  note: 2000,
  /** A search as typed. */
  query: 200,
  /** An id of a record, store, article or sku. */
  id: 100,
  /** A one-time token from a link (reset, verification, pay link, manage link). */
  token: 200,
  url: 2048,
  /** A code typed from paper or a screen: agreement, order and return numbers, birth dates, EAN, referral codes. */
  code: 40,
  /** A store-login user name. */
  username: 100,
  /** The type of a store app outbox command (the known ones are about 20 characters). */
  commandType: 64,
} as const;

export const LIST_MAX = {
  /** Outbox commands per POST /api/sync (the store app sends 50 at a time). */
  syncCommands: 100,
  /** Lines of one store order. */
  orderLines: 100,
  /** Widget tracking events per create-events call. */
  events: 100,
  /** Product ids or products in one widget request or tracking event. */
  products: 200,
  /** Selected filters of one widget search or listing. */
  filters: 50,
  /** Values of one selected widget filter. */
  filterValues: 100,
  /** Keys of a widget request's metadata object. */
  metadataKeys: 50,
} as const;

/** The Danish messages of a value over its limit, in the schemas' style ("Skal udfyldes."). */
export const limitMessages = {
  tooLong: (max: number) => `Højst ${max} tegn.`,
  tooMany: (max: number) => `Højst ${max} ad gangen.`,
} as const;
