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
import { AmountTable, SumRow } from '../../../amount-table';

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
        <AmountTable
          caption={im.linesCaption}
          className="invoice-table"
          columns={[im.line, im.vat, im.lineAmount]}
          rowHeaders
          rows={invoice.lines.map((l, i) => ({ key: i, label: l.description, middle: l.vat === 0 ? im.vatExempt : formatDkk(l.vat), amount: formatDkk(l.amount) }))}
          footer={
            <>
              <SumRow label={im.total} className="total">{formatDkk(total)}</SumRow>
              <SumRow label={im.totalVat}>{formatDkk(vat)}</SumRow>
              <SumRow label={im.paidSoFar}>{formatDkk(invoice.originalAmountDue - invoice.amountLeft)}</SumRow>
              <SumRow label={im.leftToPay} className="total">{formatDkk(invoice.amountLeft)}</SumRow>
            </>
          }
        />
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
  const { financeTypeId, id, subscriptionId } = useParams({ from: '/min-konto/betaling-fakturaer/$financeTypeId/inv/$id/$subscriptionId' });
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
