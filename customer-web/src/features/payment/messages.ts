/**
 * The one place for the payment form's texts (CONVENTIONS.md): its fields and answers, the same in
 * the checkout, the pay-by-link page, an invoice's payment and method change, and a subscription's
 * payment update. Not in the shop's ../../messages, so they load only with those pages; the
 * pay-by-link page's own texts are in routes/pay-by-link-messages.ts (the checkout's first load
 * does not carry them).
 */
export const payText = {
  methodLegend: 'Betalingsmåde',
  methods: { card: 'Betalingskort', mobilepay: 'MobilePay', klarna: 'Klarna – betal om 30 dage' },
  cardNumber: 'Kortnummer',
  expiry: 'Udløbsdato (MM/ÅÅ)',
  cvc: 'Kontrolcifre (CVC)',
  phone: 'Mobilnummer',
  cpr: 'CPR-nummer',
  cprHint: 'Skriv det som DDMMÅÅ-XXXX. Klarna bruger det kun til at godkende betalingen.',
  bankApproved: 'Jeg har godkendt betalingen i min bank-app',
  /** Result 99: the fields were emptied. */
  restarted: 'Udfyld betalingsoplysningerne igen.',
};
