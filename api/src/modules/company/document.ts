import { contractStatusLabels, formatDanishDate, formatDkk, formatEan, levelDescriptions, levelLabels, PHOTOCHROMIC_LABEL, type CompanyAgreement } from '@optik/shared';
import { escapeXml as escape } from '../images/svg';

const INVOICE_FORMATS = {
  paper: 'Papirfaktura med posten',
  'e-invoice': 'Elektronisk faktura (OIOUBL/Peppol) til EAN-nummer',
  pdf: 'PDF-faktura på e-mail',
  physical: 'Fysisk faktura udleveret i butikken',
} as const satisfies Record<CompanyAgreement['invoiceFormat'], string>;

const REFERENCE_TYPES = {
  'employee-number': 'Medarbejdernummer – medarbejderen oplyser sit nummer fra listen i bilaget',
  reference: 'Fælles reference – medarbejderen oplyser aftalens reference',
  none: 'Ingen reference – medarbejderen medbringer en papirrekvisition fra virksomheden',
} as const satisfies Record<CompanyAgreement['referenceType'], string>;

const TERMS = [
  'Aftalen giver hver medarbejder, som virksomheden lader bruge den, én synsprøve til skærmarbejde og ét par briller pr. aftaleår i en af Profil Optiks butikker, inden for niveauerne og prisen ovenfor.',
  'Medarbejderen bestiller med en e-rekvisition eller i butikken. Butikschefen godkender rekvisitionen, og virksomhedens kontaktperson og medarbejderen får besked på e-mail.',
  'Priserne er pr. medarbejder og inklusive 25 % moms på briller og glas. Synsprøven foretages af en autoriseret optiker og er momsfri.',
  'Vælger medarbejderen noget ud over aftalens niveau, betaler medarbejderen selv forskellen i butikken.',
  'Profil Optik fakturerer virksomheden månedligt for de gennemførte rekvisitioner i det valgte fakturaformat. Betalingsfrist 30 dage netto.',
  'Aftalen gælder fra underskriften og løber, til den opsiges. Godkendte rekvisitioner gennemføres også efter en opsigelse.',
  'Profil Optik behandler medarbejdernes personoplysninger efter databeskyttelsesforordningen og vores privatlivspolitik; helbredsoplysninger fra synsprøven deles ikke med virksomheden.',
];

const date = (iso: string) => formatDanishDate(iso.slice(0, 10));

function person(role: string, p: CompanyAgreement['contactPerson']): string {
  return `<div><h3>${role}</h3><p>${escape(p.name)}<br>${escape(p.email)}<br>Tlf. ${escape(p.phone)}</p></div>`;
}

/**
 * The agreement as a printable Danish HTML page (SPEC §2 company wizard "contract"): the parties,
 * what is agreed, the price table with VAT per line, the terms and the signature. Every value
 * the company typed is escaped. The page is standalone (own lang, title and print styles).
 */
export function renderContractDocument(c: CompanyAgreement): string {
  const rows = c.price.lines
    .map((l) => `<tr><th scope="row">${escape(l.label)}</th><td class="num">${l.vatRate ? `${l.vatRate * 100} %` : 'Momsfri'}</td><td class="num">${formatDkk(l.vat)}</td><td class="num">${formatDkk(l.amount)}</td></tr>`)
    .join('');
  const invoice = [
    INVOICE_FORMATS[c.invoiceFormat],
    c.ean ? `EAN-nummer: ${formatEan(c.ean)}` : null,
    c.invoiceEmail ? `Sendes til: ${escape(c.invoiceEmail)}` : null,
    `Fakturaadresse: ${escape(c.invoiceAddress.street)}, ${escape(c.invoiceAddress.zip)} ${escape(c.invoiceAddress.city)}`,
  ].filter(Boolean);
  const reference = [REFERENCE_TYPES[c.referenceType], c.reference ? `Reference: ${escape(c.reference)}` : null].filter(Boolean);
  const options = [c.protectiveGlasses && 'Beskyttelsesglas (sikkerhedsbriller efter EN 166)', c.photochromic && PHOTOCHROMIC_LABEL].filter(Boolean);
  const signature = c.signedAt
    ? `<p>Underskrevet elektronisk af <strong>${escape(c.signedBy ?? c.signingParty.name)}</strong> for ${escape(c.companyName)} ${date(c.signedAt)}.</p>`
    : `<p>Afventer underskrift af ${escape(c.signingParty.name)}.</p>`;
  const appendix = c.employeeNumbers.length
    ? `<section aria-labelledby="bilag"><h2 id="bilag">Bilag: medarbejdernumre (${c.employeeNumbers.length})</h2><p class="numbers">${c.employeeNumbers.map(escape).join(', ')}</p></section>`
    : '';
  return `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Brilleaftale – ${escape(c.companyName)} – Profil Optik</title>
<style>
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; color: #1d1d1f; line-height: 1.5; margin: 0; }
main { max-width: 48rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; }
h1 { font-size: 1.8rem; margin: 0 0 0.25rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 0.5rem; border-bottom: 1px solid #d5dae0; padding-bottom: 0.25rem; }
h3 { font-size: 1rem; margin: 0 0 0.25rem; }
.parties { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr)); }
.parties p { margin: 0; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 0.4rem 0.25rem; border-bottom: 1px solid #d5dae0; vertical-align: top; }
.num { text-align: right; white-space: nowrap; }
tfoot th, tfoot td { font-weight: 800; }
.status { display: inline-block; border: 2px solid #0b4a7d; color: #0b4a7d; border-radius: 999px; padding: 0.1rem 0.75rem; font-weight: 700; }
.numbers { font-family: ui-monospace, monospace; font-size: 0.9rem; }
.print { margin-top: 2rem; color: #4a4f55; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media print { .print { display: none; } main { padding: 0; } }
</style>
</head>
<body>
<main>
<p>Profil Optik Erhverv · Kontrakt nr. ${escape(c.id)}</p>
<h1>Brilleaftale for ${escape(c.companyName)}</h1>
<p>Status: <span class="status">${contractStatusLabels[c.status]}</span> · Oprettet ${date(c.createdAt)}</p>

<section aria-labelledby="parter"><h2 id="parter">Parter</h2>
<div class="parties">
<div><h3>Virksomheden</h3><p>${escape(c.companyName)}<br>CVR ${escape(c.organisationNumber)}<br>${escape(c.companyAddress.street)}<br>${escape(c.companyAddress.zip)} ${escape(c.companyAddress.city)}</p></div>
<div><h3>Leverandøren</h3><p>Profil Optik A/S<br>Frederiksborggade 21<br>1360 København K<br>erhverv@profil-optik.example</p></div>
${person('Kontaktperson', c.contactPerson)}
${person('Underskriver', c.signingParty)}
</div></section>

<section aria-labelledby="aftalt"><h2 id="aftalt">Det er aftalt</h2>
<ul>
<li>Stel: ${levelLabels[c.frameLevel]} – ${levelDescriptions.frame[c.frameLevel]}</li>
<li>Glas: ${levelLabels[c.glassLevel]} – ${levelDescriptions.glass[c.glassLevel]}</li>
<li>Tilvalg: ${options.length ? options.join(' og ') : 'Ingen'}</li>
<li>Identifikation af medarbejdere: ${reference.join('. ')}</li>
<li>Fakturering: ${invoice.join('. ')}</li>
</ul></section>

<section aria-labelledby="pris"><h2 id="pris">Pris pr. medarbejder</h2>
<table>
<caption class="visually-hidden">Pris pr. medarbejder med moms pr. linje</caption>
<thead><tr><th scope="col">Ydelse</th><th scope="col" class="num">Moms</th><th scope="col" class="num">Heraf moms</th><th scope="col" class="num">Pris inkl. moms</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row">I alt pr. medarbejder</th><td></td><td class="num">${formatDkk(c.price.vat)}</td><td class="num">${formatDkk(c.price.total)}</td></tr></tfoot>
</table></section>

<section aria-labelledby="vilkaar"><h2 id="vilkaar">Vilkår</h2>
<ol>${TERMS.map((t) => `<li>${t}</li>`).join('')}</ol></section>

<section aria-labelledby="underskrift"><h2 id="underskrift">Underskrift</h2>
${signature}
${c.terminatedAt ? `<p>Aftalen er opsagt ${date(c.terminatedAt)}.</p>` : ''}
</section>
${appendix}
<p class="print">Udskriv kontrakten med browserens udskriftsfunktion (Ctrl+P, på Mac Cmd+P).</p>
</main>
</body>
</html>`;
}
