import { formatDkk, formatEan, levelDescriptions, levelLabels, type CompanyAgreement, type CompanyPrice } from '@optik/shared';
import { AmountTable } from '../../amount-table';
import { ct } from './messages';

/** What the summary shows: the agreement, whether created (sign page) or about to be (wizard). */
export type AgreementFacts = Omit<CompanyAgreement, 'id' | 'status' | 'createdAt' | 'signedBy' | 'signedAt' | 'terminatedAt'>;

const s = ct.summary;
const w = ct.wizard;

/** The price per employee, a line per part with its VAT (DOMAIN.md: invoices show VAT per line). */
export function PriceTable({ price }: { price: CompanyPrice }) {
  return (
    <AmountTable
      caption={s.priceCaption}
      className="order-lines company-price"
      columns={[s.item, s.vat, s.amount]}
      rowHeaders
      rows={price.lines.map((l) => ({ key: l.key, label: l.label, middle: l.vatRate ? formatDkk(l.vat) : s.vatExempt, amount: formatDkk(l.amount) }))}
      footer={
        <tr className="total">
          <th scope="row">{s.total}</th>
          <td className="num">{formatDkk(price.vat)}</td>
          <td className="num">{formatDkk(price.total)}</td>
        </tr>
      }
    />
  );
}

const person = (p: AgreementFacts['contactPerson']) => `${p.name}, ${p.email}, tlf. ${p.phone}`;

/**
 * The agreement in sections (company, people, invoice, reference, glasses) and its price. In the
 * wizard each section has a button back to its step (`onEdit`); headings start at `level`.
 */
export function AgreementSummary({ facts, onEdit, level = 2 }: { facts: AgreementFacts; onEdit?: (step: number) => void; level?: 2 | 3 }) {
  const H = `h${level}` as 'h2' | 'h3';
  const options = [facts.protectiveGlasses && w.protective, facts.photochromic && w.photochromic].filter(Boolean).join(', ');
  const sections: { step: number; title: string; rows: [string, string][] }[] = [
    {
      step: 0,
      title: w.steps[0],
      rows: [
        [s.company, `${facts.companyName}, ${facts.companyAddress.street}, ${facts.companyAddress.zip} ${facts.companyAddress.city}`],
        [s.cvr, facts.organisationNumber],
      ],
    },
    {
      step: 1,
      title: w.steps[1],
      rows: [
        [s.contact, person(facts.contactPerson)],
        [s.signer, person(facts.signingParty)],
      ],
    },
    {
      step: 2,
      title: w.steps[2],
      rows: [
        [s.invoice, w.invoiceFormats[facts.invoiceFormat]],
        [s.invoiceAddress, `${facts.invoiceAddress.street}, ${facts.invoiceAddress.zip} ${facts.invoiceAddress.city}`],
        ...(facts.ean ? [[s.ean, formatEan(facts.ean)] as [string, string]] : []),
        ...(facts.invoiceEmail ? [[s.invoiceEmail, facts.invoiceEmail] as [string, string]] : []),
      ],
    },
    {
      step: 3,
      title: w.steps[3],
      rows: [
        [s.reference, w.referenceTypes[facts.referenceType]],
        ...(facts.referenceType === 'employee-number' ? [[w.employeeNumbers, `${w.employeeCount(facts.employeeNumbers.length)}: ${facts.employeeNumbers.slice(0, 10).join(', ')}${facts.employeeNumbers.length > 10 ? ' …' : ''}`] as [string, string]] : []),
        ...(facts.reference ? [[w.reference, facts.reference] as [string, string]] : []),
      ],
    },
    {
      step: 4,
      title: w.steps[4],
      rows: [
        [s.glass, `${levelLabels[facts.glassLevel]} – ${levelDescriptions.glass[facts.glassLevel]}`],
        [s.frame, `${levelLabels[facts.frameLevel]} – ${levelDescriptions.frame[facts.frameLevel]}`],
        [s.options, options || s.noOptions],
      ],
    },
  ];
  return (
    <div className="agreement-summary">
      {sections.map((section) => (
        <section key={section.step} className="summary-section">
          <div className="summary-head">
            <H>{section.title}</H>
            {onEdit && (
              <button type="button" className="link-button" onClick={() => onEdit(section.step)}>
                {w.edit(section.title)}
              </button>
            )}
          </div>
          <dl>
            {section.rows.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <PriceTable price={facts.price} />
    </div>
  );
}
