import {
  SubscriptionStatusCode,
  addDaysIso,
  copenhagenIsoDate,
  exchangeStatus,
  formatCopenhagenDate,
  freeMonthsLeft,
  vatOfGross,
  type BillingAgreement,
  type Invoice,
  type PeriodCharge,
  type Subscription,
} from '@optik/shared';
import { OCR_LENGTH, luhnCheckDigit } from '../subscriptions/ocr';
import type { LifestyleAgreementRecord } from './records';

/** Invoices are due 14 days after they are issued (as in the agreement's terms). */
export const LIFESTYLE_INVOICE_DUE_DAYS = 14;
/** Lifestyle invoices' OCR numbers start with 2 (lens deliveries use 1): 2, the agreement number, the month's number. */
const OCR_KIND_LIFESTYLE = '2';

const FREE_REASON_TEXT = { winback: 'tilbud ved opsigelse', 'referral-friend': 'anbefaling fra en ven', 'referral-referrer': 'tak for din anbefaling' } as const;

export function billing(a: LifestyleAgreementRecord): BillingAgreement {
  return { startDate: a.startDate, monthlyPrice: a.monthlyPrice, terminationDate: a.terminationDate, freeMonths: a.freeMonths };
}

/**
 * The invoice of one billing month. Its id and OCR number come from the agreement and the month,
 * so making it twice gives the same invoice (the monthly run is idempotent). A free month is
 * shown as the month's price and the same amount off, so the customer sees what it was worth.
 */
export function lifestyleInvoice(a: LifestyleAgreementRecord, customerId: string, p: PeriodCharge, now: Date): Invoice {
  const month = String(p.index + 1);
  const payload = `${OCR_KIND_LIFESTYLE}${a.agreementNumber}${month.padStart(OCR_LENGTH - 2 - a.agreementNumber.length, '0')}`;
  const end = addDaysIso(a.terminationDate && a.terminationDate < p.to ? a.terminationDate : p.to, -1);
  const lines: Invoice['lines'] = [{ description: `Lifestyle-aftale nr. ${a.agreementNumber}, ${formatCopenhagenDate(p.from)} – ${formatCopenhagenDate(end)}`, amount: p.gross, vat: vatOfGross(p.gross) }];
  if (p.free) lines.push({ description: `Gratis måned (${FREE_REASON_TEXT[p.free]})`, amount: -p.gross, vat: -vatOfGross(p.gross) });
  return {
    id: `inv-${a.id}-${month.padStart(3, '0')}`,
    customerId,
    subscriptionId: a.id,
    ocrNumber: `${payload}${luhnCheckDigit(payload)}`,
    originalAmountDue: p.amount,
    amountLeft: p.amount,
    createdAt: now.toISOString(),
    dueDate: addDaysIso(copenhagenIsoDate(now), LIFESTYLE_INVOICE_DUE_DAYS),
    paymentMethod: a.paymentMethod,
    paymentStatus: p.amount === 0 ? 'paid' : 'not-paid',
    kind: 'pdf',
    lines,
  };
}

/** The agreement as the shop's subscription list shows it (SPEC §3 subscription fields). */
export function lifestyleSubscription(a: LifestyleAgreementRecord, customerId: string, today: string): Subscription {
  const ex = exchangeStatus(a.startDate, a.exchanges, today);
  const left = freeMonthsLeft(billing(a), today);
  return {
    id: a.id,
    customerId,
    kind: 'lifestyle',
    statusCode: a.status === 'Terminated' ? SubscriptionStatusCode.Canceled : SubscriptionStatusCode.Active,
    lensWear: null,
    startDate: a.startDate,
    bindingPeriodExpiry: null,
    nextDelivery: null,
    deliveryInterval: null,
    monthlyPrice: a.monthlyPrice,
    lastOrderDate: a.exchanges.at(-1)?.date ?? null,
    // For an agreement under notice: the day it ends.
    noticeDayDate: a.terminationDate,
    campaign: left > 0 ? `${left} ${left === 1 ? 'gratis måned' : 'gratis måneder'} tilbage` : null,
    yearlyExchange: { available: ex.available && a.status === 'Active' && !a.noticeGivenOn, usedAt: ex.usedOn },
    temporaryAddress: null,
    items: [],
    cancelledAt: a.noticeGivenOn,
  };
}
