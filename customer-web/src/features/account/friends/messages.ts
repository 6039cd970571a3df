import { FRIENDS_RULES as R, formatCopenhagenDate as date } from '@optik/shared';

/** Danish texts of /min-konto/friends (SPEC §1 Friends). */
export const fm = {
  title: 'Friends',
  description: 'Friends er vores gratis kundeklub med rabat på stel, uheldsforsikring og bytteret.',
  loading: 'Henter dit medlemskab …',
  intro: 'Friends er vores gratis kundeklub. Som medlem får du:',
  benefits: [
    `${R.frameDiscountPercent} % rabat på stellet, når du har booket en synstest hos os`,
    `${R.accidentCoverDays} dages uheldsforsikring på briller, du køber som medlem`,
    `${R.exchangeGuaranteeDays} dages bytteret på briller, du køber som medlem`,
    'et gratis besøg inden for et år efter dit seneste besøg',
  ],
  readMore: 'Læs mere om medlemsfordelene',
  termsLink: 'Læs Friends-vilkårene',
  accept: 'Jeg har læst og accepterer Friends-vilkårene',
  join: 'Bliv medlem – det er gratis',
  joining: 'Melder dig ind …',
  welcome: 'Velkommen i Friends! Vi har sendt en velkomstmail med dine fordele.',
  memberSince: (on: string) => `Du har været medlem siden ${date(on)}.`,
  frameHeading: `${R.frameDiscountPercent} % på stellet`,
  frameText: `Når du har booket en synstest hos os, får du ${R.frameDiscountPercent} % rabat på stellet, når du køber briller. Rabatten gives, når du køber brillerne hos os.`,
  frameReady: (tests: number) =>
    tests === 1
      ? `Du har en booket synstest: Når du er logget ind, trækker vi ${R.frameDiscountPercent} % fra prisen på ét stel i kassen.`
      : `Du har ${tests} bookede synstest: Når du er logget ind, trækker vi ${R.frameDiscountPercent} % fra prisen på ét stel pr. synstest i kassen.`,
  bookExam: 'Book en synstest',
  coverHeading: 'Uheldsforsikring og bytteret',
  coverIntro: `Briller, du køber som medlem, har ${R.accidentCoverDays} dages uheldsforsikring og ${R.exchangeGuaranteeDays} dages bytteret.`,
  noCover: 'Når du køber briller som medlem, kan du se her, hvor længe de er dækket.',
  coverCaption: 'Dine briller købt som medlem',
  order: 'Ordre',
  bought: 'Købt',
  accident: 'Uheldsforsikring',
  exchange: 'Bytteret',
  until: (on: string) => `til ${date(on)}`,
  ended: (on: string) => `udløb ${date(on)}`,
  visitHeading: 'Gratis besøg',
  visitAvailable: (until: string) => `Dit næste besøg er gratis frem til ${date(until)}.`,
  visitEnded: (until: string) => `Dit gratis besøg udløb ${date(until)}. Efter dit næste besøg er det næste igen gratis i et år.`,
  visitNone: 'Når du har været hos os til synstest eller service, er dit næste besøg inden for et år gratis.',
  leaveHeading: 'Medlemskab',
  leave: 'Meld dig ud af Friends',
  leaveConfirm: 'Vil du melde dig ud? Du mister dine Friends-fordele, men kan altid melde dig ind igen.',
  leaveYes: 'Ja, meld mig ud',
  leaveNo: 'Fortryd',
  left: 'Du er meldt ud af Friends.',
} as const;
