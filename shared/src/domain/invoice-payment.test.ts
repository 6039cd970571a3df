import { describe, expect, it } from 'vitest';
import { applyInvoicePayment, canChangeInvoiceMethod, invoiceMessages, isInvoiceOverdue, isInvoicePayable } from './invoice-payment';

describe('invoice payment states (SPEC §4)', () => {
  it('lets the customer pay not-paid, partly paid and returned invoices with something left', () => {
    expect(isInvoicePayable({ paymentStatus: 'not-paid', amountLeft: 100 })).toBe(true);
    expect(isInvoicePayable({ paymentStatus: 'partly-paid', amountLeft: 100 })).toBe(true);
    expect(isInvoicePayable({ paymentStatus: 'returned-faulty-address', amountLeft: 100 })).toBe(true);
    for (const s of ['paid', 'ended', 'transferred', 'payment-reserved', 'payment-in-progress', 'in-collection'] as const) {
      expect(isInvoicePayable({ paymentStatus: s, amountLeft: 100 }), s).toBe(false);
    }
    expect(isInvoicePayable({ paymentStatus: 'not-paid', amountLeft: 0 })).toBe(false);
    expect(canChangeInvoiceMethod({ paymentStatus: 'paid', amountLeft: 0 })).toBe(false);
    expect(canChangeInvoiceMethod({ paymentStatus: 'not-paid', amountLeft: 100 })).toBe(true);
  });

  it('is overdue after the due date, in Copenhagen, while money is left', () => {
    const inv = { paymentStatus: 'not-paid' as const, amountLeft: 100, dueDate: '2026-11-21' };
    expect(isInvoiceOverdue(inv, new Date('2026-11-21T22:59:00Z'))).toBe(false);
    expect(isInvoiceOverdue(inv, new Date('2026-11-21T23:00:00Z'))).toBe(true);
    expect(isInvoiceOverdue({ ...inv, paymentStatus: 'in-collection' }, new Date('2026-12-01T12:00:00Z'))).toBe(true);
    expect(isInvoiceOverdue({ ...inv, paymentStatus: 'paid', amountLeft: 0 }, new Date('2026-12-01T12:00:00Z'))).toBe(false);
  });

  it('turns an invoice paid or partly paid, and refuses payments it cannot take', () => {
    expect(applyInvoicePayment({ paymentStatus: 'not-paid', amountLeft: 500 }, 500)).toEqual({ ok: true, amountLeft: 0, paymentStatus: 'paid' });
    expect(applyInvoicePayment({ paymentStatus: 'not-paid', amountLeft: 500 }, 200)).toEqual({ ok: true, amountLeft: 300, paymentStatus: 'partly-paid' });
    expect(applyInvoicePayment({ paymentStatus: 'paid', amountLeft: 0 }, 100)).toEqual({ ok: false, message: 'Fakturaen er allerede betalt.' });
    expect(applyInvoicePayment({ paymentStatus: 'in-collection', amountLeft: 500 }, 500)).toEqual({ ok: false, message: invoiceMessages.notPayable('in-collection') });
    expect(applyInvoicePayment({ paymentStatus: 'not-paid', amountLeft: 500 }, 501)).toEqual({ ok: false, message: invoiceMessages.badAmount });
    expect(applyInvoicePayment({ paymentStatus: 'not-paid', amountLeft: 500 }, 0)).toEqual({ ok: false, message: invoiceMessages.badAmount });
  });
});
