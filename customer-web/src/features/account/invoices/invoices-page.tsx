import { formatCopenhagenDate, formatDkk, type MyInvoice } from '@optik/shared';
import { api } from '../../../api';
import { LoadError } from '../../../load-error';
import { useApi } from '../../../use-api';
import { AccountPage } from '../account-page';
import { im } from './messages';
import { invoiceDocumentHref, invoiceHref, invoicesApi, type InvoicesApi } from './invoices-api';
import './invoices.css';

/** The SPEC §4 payment state, and "overdue" when an open invoice is past its due date. */
export function InvoiceStatus({ invoice }: { invoice: Pick<MyInvoice, 'paymentStatus' | 'overdue'> }) {
  return (
    <>
      <span className={`invoice-badge${invoice.paymentStatus === 'paid' ? ' paid' : ''}`}>{im.status[invoice.paymentStatus]}</span>
      {invoice.overdue && (
        <>
          {' '}
          <span className="invoice-badge overdue">{im.overdue}</span>
        </>
      )}
    </>
  );
}

function InvoiceTable({ caption, invoices }: { caption: string; invoices: MyInvoice[] }) {
  return (
    <table className="invoice-table stack-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{im.col.invoice}</th>
          <th scope="col">{im.col.created}</th>
          <th scope="col">{im.col.due}</th>
          <th scope="col" className="num">
            {im.col.amount}
          </th>
          <th scope="col" className="num">
            {im.col.left}
          </th>
          <th scope="col">{im.col.status}</th>
          <th scope="col">{im.col.method}</th>
          <th scope="col">{im.col.action}</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((i) => (
          <tr key={i.id}>
            <th scope="row">
              <a href={invoiceDocumentHref(i)}>{im.ocrLabel(i.ocrNumber)}</a>
              <span className="line-note">{i.lines[0]?.description}</span>
            </th>
            <td data-label={im.col.created}>{formatCopenhagenDate(i.createdAt)}</td>
            <td data-label={im.col.due}>{formatCopenhagenDate(i.dueDate)}</td>
            <td className="num" data-label={im.col.amount}>
              {formatDkk(i.originalAmountDue)}
            </td>
            <td className="num" data-label={im.col.left}>
              {formatDkk(i.amountLeft)}
            </td>
            <td data-label={im.col.status}>
              <InvoiceStatus invoice={i} />
            </td>
            <td data-label={im.col.method}>{im.method[i.paymentMethod]}</td>
            <td data-label={im.col.action}>
              <a href={invoiceHref(i)} aria-label={i.payable ? im.payLink(i.ocrNumber) : im.detailsLink(i.ocrNumber)}>
                {i.payable ? im.pay : im.details}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The customer's invoices: those to pay first, then the settled ones. */
export function InvoiceList({ api }: { api: InvoicesApi }) {
  const [list, reload] = useApi('my-invoices', () => invoicesApi.list(api));
  if (list.state === 'loading') return <p role="status">{im.loading}</p>;
  if (list.state === 'error') return <LoadError onRetry={reload} />;
  const { data, card } = list.data;
  if (data.length === 0) return <p>{im.none}</p>;
  const open = data.filter((i) => i.payable);
  const settled = data.filter((i) => !i.payable);
  return (
    <>
      <p>{card ? im.savedCard(card.last4) : im.noSavedCard}</p>
      {open.length > 0 ? <InvoiceTable caption={im.openCaption} invoices={open} /> : <p>{im.noneOpen}</p>}
      {settled.length > 0 && <InvoiceTable caption={im.settledCaption} invoices={settled} />}
    </>
  );
}

/** /min-konto/betaling-fakturaer */
export function InvoicesPage() {
  return <AccountPage title={im.listTitle} description={im.listDescription}>{() => <InvoiceList api={api} />}</AccountPage>;
}
