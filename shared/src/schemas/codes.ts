/**
 * SPEC §3 codes as named constants (the schemas in './enums' accept the same codes). A module
 * without zod, so pages can use them without loading zod (docs/decisions/006).
 */
export const Market = { Sweden: 20, Norway: 21, Finland: 22, Denmark: 23 } as const;
export const SubscriptionStatusCode = { Active: 100, Canceled: 200, Paused: 520 } as const;
export const PaymentType = { Klarna: 60, KlarnaInStore: 65, Giftcard: 900 } as const;
export const DeliveryMethod = { ClickAndCollect: 119 } as const;
export const PaymentFailure = { Failed: 0, SsnRequired: 1, ValidationsRequired: 2, TransactionExpired: 99 } as const;
export const ConfirmationState = { Pending: 1, Confirmed: 2 } as const;
export const PublicationStatus = { StoreItem: 0, InStock: 20, OutOfStock: 30, StoreOnly: 40 } as const;

/** The widths (px) of an article picture's size variants (SPEC §9). */
export const mediaWidths = { xs: 75, sm: 145, md: 285, lg: 570, xl: 1180 } as const;
