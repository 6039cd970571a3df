import type { Invoice } from '../schemas/invoice';
import { copenhagenIsoDate } from './copenhagen-time';
import { copenhagenDateOf } from './returns';

type Status = Invoice['paymentStatus'];

/**
 * Invoice payment states a customer can act on (SPEC §4). Paid, ended and transferred invoices
 * are settled elsewhere; a reserved or in-progress payment is already under way; an invoice in
 * the collection process is paid to the collection agency, not here. An invoice returned because
 * of a faulty address is simply still unpaid.
 */
export const PAYABLE_INVOICE_STATUSES: readonly Status[] = ['not-paid', 'partly-paid', 'returned-faulty-address'];

export function isInvoicePayable(invoice: Pick<Invoice, 'paymentStatus' | 'amountLeft'>): boolean {
  return PAYABLE_INVOICE_STATUSES.includes(invoice.paymentStatus) && invoice.amountLeft > 0;
}

/** Open and past its due date (the due date itself is still on time, Copenhagen time). */
export function isInvoiceOverdue(invoice: Pick<Invoice, 'paymentStatus' | 'amountLeft' | 'dueDate'>, now: Date): boolean {
  const open = isInvoicePayable(invoice) || invoice.paymentStatus === 'in-collection';
  return open && invoice.amountLeft > 0 && copenhagenDateOf(invoice.dueDate) < copenhagenIsoDate(now);
}

/** The payment method can be changed while the invoice is still to be paid by the customer. */
export function canChangeInvoiceMethod(invoice: Pick<Invoice, 'paymentStatus' | 'amountLeft'>): boolean {
  return isInvoicePayable(invoice);
}

export type InvoicePaymentCheck = { ok: true; amountLeft: number; paymentStatus: Status } | { ok: false; message: string };

export const invoiceMessages = {
  notPayable: (status: Status) =>
    status === 'paid'
      ? 'Fakturaen er allerede betalt.'
      : status === 'in-collection'
        ? 'Fakturaen er sendt til inkasso. Betal den til inkassobureauet.'
        : status === 'payment-reserved' || status === 'payment-in-progress'
          ? 'Der er allerede en betaling i gang for fakturaen.'
          : 'Fakturaen kan ikke betales her.',
  badAmount: 'Beløbet skal være større end 0 og højst det, der mangler.',
  methodLocked: 'Betalingsmetoden kan kun ændres på en faktura, der ikke er betalt.',
} as const;

/**
 * The invoice after a payment of `amount` øre: paid when nothing is left, else partly paid.
 * Refused when the invoice cannot be paid or the amount is not between 1 øre and what is left.
 */
export function applyInvoicePayment(invoice: Pick<Invoice, 'paymentStatus' | 'amountLeft'>, amount: number): InvoicePaymentCheck {
  if (!isInvoicePayable(invoice)) return { ok: false, message: invoiceMessages.notPayable(invoice.paymentStatus) };
  if (!Number.isInteger(amount) || amount <= 0 || amount > invoice.amountLeft) return { ok: false, message: invoiceMessages.badAmount };
  const amountLeft = invoice.amountLeft - amount;
  return { ok: true, amountLeft, paymentStatus: amountLeft === 0 ? 'paid' : 'partly-paid' };
}
