import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { formatCopenhagenDate, formatDkk, type MyInvoice } from '@optik/shared';
import { api } from '../../../api';
import { AccountPage } from '../account-page';
import { im } from './messages';
import { invoiceHref } from './invoices-api';
import { InvoiceLoader } from './invoice-page';
import { InvoiceStatus } from './invoices-page';
import './invoices.css';

/** The invoice as a document: seller and customer, lines with their VAT (DOMAIN.md: invoices show VAT per line), totals and how to pay. */
export function InvoiceDocument({ invoice, customerName }: { invoice: MyInvoice; customerName: string }) {
  const total = invoice.lines.reduce((s, l) => s + l.amount, 0);
  const vat = invoice.lines.reduce((s, l) => s + l.vat, 0);
  return (
    <>
      <article className="invoice-document" aria-labelledby="invoice-document-heading">
        <header>
          <div>
            <h2 id="invoice-document-heading">{im.seller}</h2>
            <p>{`${im.customer}: ${customerName}`}</p>
          </div>
          <dl className="invoice-facts">
            <dt>{im.facts.ocr}</dt>
            <dd>{invoice.ocrNumber}</dd>
            <dt>{im.facts.kind}</dt>
            <dd>{im.kind[invoice.kind]}</dd>
            <dt>{im.facts.created}</dt>
            <dd>{formatCopenhagenDate(invoice.createdAt)}</dd>
            <dt>{im.facts.due}</dt>
            <dd>{formatCopenhagenDate(invoice.dueDate)}</dd>
            <dt>{im.facts.status}</dt>
            <dd>
              <InvoiceStatus invoice={invoice} />
            </dd>
          </dl>
        </header>
        <table className="invoice-table">
          <caption>{im.linesCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{im.line}</th>
              <th scope="col" className="num">
                {im.vat}
              </th>
              <th scope="col" className="num">
                {im.lineAmount}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((l, i) => (
              <tr key={i}>
                <th scope="row">{l.description}</th>
                <td className="num">{l.vat === 0 ? im.vatExempt : formatDkk(l.vat)}</td>
                <td className="num">{formatDkk(l.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="total">
              <th scope="row" colSpan={2}>
                {im.total}
              </th>
              <td className="num">{formatDkk(total)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                {im.totalVat}
              </th>
              <td className="num">{formatDkk(vat)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>
                {im.paidSoFar}
              </th>
              <td className="num">{formatDkk(invoice.originalAmountDue - invoice.amountLeft)}</td>
            </tr>
            <tr className="total">
              <th scope="row" colSpan={2}>
                {im.leftToPay}
              </th>
              <td className="num">{formatDkk(invoice.amountLeft)}</td>
            </tr>
          </tfoot>
        </table>
        {invoice.payable && <p>{im.payWithOcr(invoice.ocrNumber)}</p>}
      </article>
      <p className="order-actions no-print">
        {invoice.payable && (
          <a className="button" href={invoiceHref(invoice)}>
            {im.payThis}
          </a>
        )}
        <button type="button" className="secondary" onClick={() => window.print()}>
          {im.print}
        </button>
        <a href="/min-konto/betaling-fakturaer">{im.backToList}</a>
      </p>
    </>
  );
}

/** /min-konto/betaling-fakturaer/{financeTypeId}/inv/{id}/{subscriptionId} — the finance type is the invoice's kind. */
export function InvoiceDocumentPage() {
  const { financeTypeId = '', id = '', subscriptionId = '' } = useParams({ strict: false }) as { financeTypeId?: string; id?: string; subscriptionId?: string };
  const [title, setTitle] = useState<string>(im.documentTitle);
  return (
    <AccountPage title={title} description={im.documentDescription}>
      {(user) => (
        <InvoiceLoader api={api} id={id} subId={subscriptionId} financeTypeId={financeTypeId} onTitle={setTitle}>
          {(invoice) => <InvoiceDocument invoice={invoice} customerName={user.name} />}
        </InvoiceLoader>
      )}
    </AccountPage>
  );
}
