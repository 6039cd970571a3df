import {
  escapeMarkup,
  LIFESTYLE_RULES,
  formatCopenhagenDate,
  formatDkk,
  type LifestyleAgreement,
  type LifestyleDocument,
  type LifestyleDocumentKind,
} from '@optik/shared';

/**
 * The agreement documents (SPEC §2 /aftale/{documentId}): the contract with its terms, and an
 * addendum for every change a customer makes. Each is written once, on the day it is made, with
 * the terms as they were then — like a signed paper — and never regenerated.
 */

const SHOP = 'Profil Optik';
const date = formatCopenhagenDate;
const months = (n: number) => (n === 1 ? '1 gratis måned' : `${n} gratis måneder`);

type Section = LifestyleDocument['sections'][number];
type Draft = Omit<LifestyleDocument, 'id' | 'agreementId' | 'createdOn'>;

const holderLine = (a: LifestyleAgreement) => `${a.holder.firstName} ${a.holder.lastName}, ${a.holder.street}, ${a.holder.zip} ${a.holder.city}`;
const productLine = (a: LifestyleAgreement) => `${a.product.name} (${a.product.brand}) med ${a.product.lenses}`;

const NOTICE_SECTION: Section = {
  heading: 'Opsigelse',
  paragraphs: [
    `Aftalen kan opsiges med ${LIFESTYLE_RULES.noticeDays} dages varsel under Min konto → Abonnementer eller i butikken. Den ophører ${LIFESTYLE_RULES.noticeDays} dage efter den dag, du opsiger den.`,
    'Den sidste faktura dækker kun dagene frem til ophøret.',
  ],
};

/** The contract the customer signed in the store. */
function agreement(a: LifestyleAgreement): Draft {
  return {
    kind: 'agreement',
    title: `Lifestyle-aftale nr. ${a.agreementNumber}`,
    sections: [
      { heading: 'Parter', paragraphs: [`Aftalen er indgået mellem ${SHOP} og ${holderLine(a)}.`, a.storeName ? `Underskrevet i ${a.storeName} den ${date(a.signedOn)}.` : `Underskrevet den ${date(a.signedOn)}.`] },
      { heading: 'Briller', paragraphs: [`Aftalen omfatter ${productLine(a)}, service og uheldsforsikring på brillerne.`] },
      {
        heading: 'Pris og betaling',
        paragraphs: [
          `Du betaler ${formatDkk(a.monthlyPrice)} om måneden inklusive moms. Aftalen begynder den ${date(a.startDate)}, og du får en faktura ved begyndelsen af hver måned.`,
          'Gratis måneder (fx fra en anbefaling) trækkes fra de næste fakturaer, efter at de er givet.',
        ],
      },
      {
        heading: 'Ombytning',
        paragraphs: [`Du kan bytte dine briller til et andet stel én gang i hvert aftaleår. Stel op til ${formatDkk(a.frameAllowance)} er med i aftalen. Ombytning kan ikke bestilles, efter at aftalen er opsagt.`],
      },
      NOTICE_SECTION,
      {
        heading: 'Anbefal en ven',
        paragraphs: [
          `Din personlige kode er ${a.referralCode}. Når en ven forbinder sin nye Lifestyle-aftale med koden, får din ven ${months(LIFESTYLE_RULES.referralFriendMonths)} og du ${months(LIFESTYLE_RULES.referralReferrerMonths)}. En ven kan kun få gratis måneder for én anbefaling, og du kan ikke bruge din egen kode.`,
        ],
      },
    ],
  };
}

/** The general terms in force when the agreement was signed. */
function terms(): Draft {
  return {
    kind: 'terms',
    title: 'Vilkår for Lifestyle-aftaler',
    sections: [
      {
        heading: 'Aftalens status',
        paragraphs: [
          'En aftale er oprettet, når den er underskrevet, og aktiv fra startdatoen. Når opsigelsesperioden er udløbet, er aftalen ophørt og kan ikke genoptages; en ny aftale kan indgås i butikken.',
        ],
      },
      {
        heading: 'Service og forsikring',
        paragraphs: [
          'Justering, rens, nye næsepuder og småreparationer er gratis i alle vores butikker.',
          'Uheldsforsikringen dækker brud og ridser, der sker ved et uheld. Tab og tyveri er ikke dækket.',
        ],
      },
      NOTICE_SECTION,
      {
        heading: 'Tilbud ved opsigelse',
        paragraphs: [
          `Første gang du går i gang med at opsige aftalen, tilbyder vi dig ${months(LIFESTYLE_RULES.winbackFreeMonths)}, hvis du bliver. Tilbuddet gives og kan tages imod én gang pr. aftale.`,
        ],
      },
      { heading: 'Betaling', paragraphs: ['Fakturaen skal betales senest 14 dage efter, at den er udstedt. Du kan se og betale dine fakturaer under Min konto → Betaling og fakturaer.'] },
    ],
  };
}

export interface Addendum {
  kind: Exclude<LifestyleDocumentKind, 'agreement' | 'terms'>;
  /** The first invoice date a grant makes free (winback, referral). */
  firstFreeInvoice?: string | null;
  terminationDate?: string;
  exchangeTo?: string;
  /** Referral: the months this agreement got, and for whom. */
  referral?: { role: 'friend' | 'referrer'; months: number };
}

function addendum(a: LifestyleAgreement, today: string, add: Addendum): Draft {
  const from = add.firstFreeInvoice ? ` De gælder fra fakturaen den ${date(add.firstFreeInvoice)}.` : '';
  switch (add.kind) {
    case 'winback':
      return {
        kind: 'winback',
        title: `Tillæg: ${months(LIFESTYLE_RULES.winbackFreeMonths)}`,
        sections: [
          {
            heading: 'Du bliver hos os',
            paragraphs: [`Den ${date(today)} takkede du ja til vores tilbud og beholder Lifestyle-aftale nr. ${a.agreementNumber}. Du får ${months(LIFESTYLE_RULES.winbackFreeMonths)}.${from}`, 'Aftalen fortsætter i øvrigt uændret.'],
          },
        ],
      };
    case 'notice':
      return {
        kind: 'notice',
        title: 'Bekræftelse af opsigelse',
        sections: [
          {
            heading: 'Din opsigelse',
            paragraphs: [
              `Vi har modtaget din opsigelse af Lifestyle-aftale nr. ${a.agreementNumber} den ${date(today)}.`,
              `Med ${LIFESTYLE_RULES.noticeDays} dages varsel ophører aftalen den ${date(add.terminationDate!)}. Indtil da gælder aftalen som før, og den sidste faktura dækker kun dagene frem til ophøret.`,
            ],
          },
        ],
      };
    case 'exchange':
      return {
        kind: 'exchange',
        title: 'Tillæg: ombytning af briller',
        sections: [
          {
            heading: 'Ombytning',
            paragraphs: [
              `Den ${date(today)} bestilte du ombytning til ${add.exchangeTo}. Aftalen omfatter herefter de nye briller; pris og øvrige vilkår er uændrede.`,
              'Vi giver besked, når brillerne er klar til tilpasning i butikken. Næste ombytning kan ske i næste aftaleår.',
            ],
          },
        ],
      };
    case 'referral':
      return {
        kind: 'referral',
        title: `Tillæg: ${months(add.referral!.months)} for en anbefaling`,
        sections: [
          {
            heading: add.referral!.role === 'friend' ? 'Du blev anbefalet af en ven' : 'Tak for din anbefaling',
            paragraphs: [
              add.referral!.role === 'friend'
                ? `Den ${date(today)} forbandt du aftalen med en vens kode og får ${months(add.referral!.months)}.${from}`
                : `Den ${date(today)} brugte en ven din kode ${a.referralCode}, og du får ${months(add.referral!.months)}.${from}`,
            ],
          },
        ],
      };
  }
}

export function draftDocument(a: LifestyleAgreement, today: string, kind: 'agreement' | 'terms' | Addendum): Omit<LifestyleDocument, 'id'> {
  const draft = kind === 'agreement' ? agreement(a) : kind === 'terms' ? terms() : addendum(a, today, kind);
  return { ...draft, agreementId: a.id, createdOn: today };
}

const esc = escapeMarkup;

/** The document as a standalone HTML file the customer can keep or print. */
export function renderDocumentHtml(doc: LifestyleDocument, agreementNumber: string): string {
  const body = doc.sections.map((s) => `<h2>${esc(s.heading)}</h2>\n${s.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}`).join('\n');
  return `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<title>${esc(doc.title)} – ${SHOP}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1d1d1f}h1{font-size:1.6rem}h2{font-size:1.15rem;margin-top:1.5rem}.meta{color:#4a4f55}</style>
</head>
<body>
<h1>${esc(doc.title)}</h1>
<p class="meta">${esc(SHOP)} · Lifestyle-aftale nr. ${esc(agreementNumber)} · ${esc(date(doc.createdOn))}</p>
${body}
</body>
</html>
`;
}
