/**
 * The payer's side of a payment (card, MobilePay, Klarna and the provider's follow-up questions),
 * as the account's invoice payment uses it. Two modules, because the checkout needs the fields
 * for its first paint but the steps (request body, SPEC §3 failure results) only once the shopper
 * pays, and loads them then (first-load JS, issue 5).
 */
export * from './payment-fields';
export * from './payment-steps';
