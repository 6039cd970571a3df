import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from '@tanstack/react-router';
import { formatCopenhagenDate, formatCopenhagenDateTime, formatDkk, type MyInvoice } from '@optik/shared';
import { api } from '../../../api';
import { LoadError } from '../../../load-error';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { im } from './messages';
import { invoiceDocumentHref, invoicesApi, matchesPath, type InvoicesApi } from './invoices-api';
import { InvoiceStatus } from './invoices-page';
import { PaymentMethodForm } from './method-form';
import { InvoicePayForm } from './pay-form';
import './invoices.css';

export function InvoiceNotFound() {
  return (
    <div role="alert">
      <p>{im.notFound}</p>
      <a href="/min-konto/betaling-fakturaer">{im.backToList}</a>
    </div>
  );
}

/** Loads the customer's invoice for a SPEC §2 invoice route; the path's subscription and finance type must be the invoice's. */
export function InvoiceLoader({ api, id, subId, financeTypeId, onTitle, children }: { api: InvoicesApi; id: string; subId: string; financeTypeId?: string; onTitle: (t: string) => void; children: (invoice: MyInvoice) => ReactNode }) {
  const [loaded, reload] = useApi(`my-invoice:${id}`, () => invoicesApi.invoice(api, id));
  const invoice = loaded.state === 'ready' && matchesPath(loaded.data.data, subId, financeTypeId) ? loaded.data.data : null;
  const ocr = invoice?.ocrNumber ?? null;
  useEffect(() => {
    if (ocr) onTitle(im.invoiceTitleWith(ocr));
  }, [ocr, onTitle]);
  if (loaded.state === 'loading') return <p role="status">{im.loadingInvoice}</p>;
  if (loaded.state === 'error') return loaded.status === 404 ? <InvoiceNotFound /> : <LoadError onRetry={reload} />;
  return invoice ? <>{children(invoice)}</> : <InvoiceNotFound />;
}

export function InvoiceFacts({ invoice }: { invoice: MyInvoice }) {
  return (
    <dl className="invoice-facts">
      <dt>{im.facts.ocr}</dt>
      <dd>{invoice.ocrNumber}</dd>
      <dt>{im.facts.created}</dt>
      <dd>{formatCopenhagenDate(invoice.createdAt)}</dd>
      <dt>{im.facts.due}</dt>
      <dd>{formatCopenhagenDate(invoice.dueDate)}</dd>
      <dt>{im.facts.original}</dt>
      <dd>{formatDkk(invoice.originalAmountDue)}</dd>
      <dt>{im.facts.left}</dt>
      <dd>{formatDkk(invoice.amountLeft)}</dd>
      <dt>{im.facts.status}</dt>
      <dd>
        <InvoiceStatus invoice={invoice} />
      </dd>
      <dt>{im.facts.method}</dt>
      <dd>{im.method[invoice.paymentMethod]}</dd>
    </dl>
  );
}

/** The invoice's payment page: its facts, paying what is left, the payments so far and the payment method. */
export function InvoicePayment({ api, initial }: { api: InvoicesApi; initial: MyInvoice }) {
  const [invoice, setInvoice] = useState(initial);
  const [paidMessage, setPaidMessage] = useState<string | null>(null);
  const paidRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (paidMessage) paidRef.current?.focus();
  }, [paidMessage]);
  return (
    <>
      <InvoiceFacts invoice={invoice} />
      <p>
        <a href={invoiceDocumentHref(invoice)}>{im.documentLink}</a>
      </p>
      {paidMessage && (
        <p ref={paidRef} tabIndex={-1} role="status" className="update-result">
          {paidMessage}
        </p>
      )}
      {invoice.payable && (
        <section className="invoice-section">
          <InvoicePayForm
            api={api}
            invoice={invoice}
            onPaid={(next, amount) => {
              setInvoice(next);
              setPaidMessage(im.paid(formatDkk(amount)));
            }}
          />
        </section>
      )}
      {invoice.paymentStatus === 'in-collection' && <p className="error">{im.inCollection}</p>}
      {(invoice.paymentStatus === 'payment-in-progress' || invoice.paymentStatus === 'payment-reserved') && <p>{im.inProgress}</p>}
      {(invoice.payments ?? []).length > 0 && (
        <section className="invoice-section" aria-labelledby="invoice-payments">
          <h2 id="invoice-payments">{im.paymentsHeading}</h2>
          <ul>
            {(invoice.payments ?? []).map((p) => (
              <li key={p.transactionId}>{im.paymentLine(formatCopenhagenDateTime(p.at), formatDkk(p.amount), im.payMethod[p.method])}</li>
            ))}
          </ul>
        </section>
      )}
      <section className="invoice-section" aria-labelledby="invoice-method">
        <h2 id="invoice-method">{im.methodHeading}</h2>
        {invoice.canChangeMethod ? (
          <>
            <p>{im.methodIntro}</p>
            <PaymentMethodForm api={api} invoice={invoice} onChanged={setInvoice} />
          </>
        ) : (
          <p>{im.methodLocked}</p>
        )}
      </section>
      <p>
        <a href="/min-konto/betaling-fakturaer">{im.backToList}</a>
      </p>
    </>
  );
}

/** /min-konto/betaling-fakturaer/{id}/{subId} */
export function InvoicePage() {
  const { id, subId } = useParams({ from: '/min-konto/betaling-fakturaer/$id/$subId' });
  const [title, setTitle] = useState<string>(im.invoiceTitle);
  return (
    <AccountPage title={title} description={im.listDescription}>
      {() => (
        <InvoiceLoader api={api} id={id} subId={subId} onTitle={setTitle}>
          {(invoice) => <InvoicePayment api={api} initial={invoice} />}
        </InvoiceLoader>
      )}
    </AccountPage>
  );
}
