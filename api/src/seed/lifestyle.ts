import { CURRENT_TERMS_VERSION, billingPeriod, periodCharge, type Account, type Article, type FriendsMember, type LifestyleDocument } from '@optik/shared';
import { hashPassword } from '../modules/auth/password';
import { billing, lifestyleInvoice, lifestyleSubscription } from '../modules/lifestyle/billing';
import { draftDocument } from '../modules/lifestyle/documents';
import { friendsMembersCollection } from '../modules/friends/records';
import { lifestyleAgreementsCollection, lifestyleDocumentsCollection, type LifestyleAgreementRecord } from '../modules/lifestyle/records';
import { subscriptionsCollection } from '../modules/subscriptions/records';
import { holderVerifier } from '../ports/lifestyle';
import type { Storage } from '../storage/port';
import { DEMO_PASSWORD } from './accounts';
import { C } from '../collections';

/** The demo customer kunde@example.dk (Mette Jensen). */
const KUNDE = 'u-kunde';
/** A second demo customer (lifestyle@example.dk, README) whose new agreement is not yet connected to the account. */
export const LIFESTYLE_DEMO = { accountId: 'u-lifestyle', email: 'lifestyle@example.dk', agreementNumber: '40012347', birthDate: '150385' } as const;
/** kunde@example.dk's agreements: glasses (refer-a-friend code VEN-7K3P9Q) and prescription sunglasses. */
export const LIFESTYLE_DEMO_AGREEMENTS = { glasses: 'la-1001', sunglasses: 'la-1002', unconnected: 'la-1003', glassesCode: 'VEN-7K3P9Q' } as const;
/** The seed's "today": the month invoices before it are paid; later ones come from the monthly run. */
const SEEDED_THROUGH = '2026-11-22';

const NO_WINBACK = { offeredOn: null, acceptedOn: null, declinedOn: null };
const METTE = { firstName: 'Mette', lastName: 'Jensen', street: 'Vesterbrogade 12, 3. th.', zip: '1620', city: 'København V' };

function frame(articles: Article[], brand: string, category: Article['category'], maxPrice: number): Article {
  const a = articles.find((x) => x.category === category && x.brand === brand && x.price.unit.amount <= maxPrice && x.price.unit.publicationStatus === 20);
  if (!a) throw new Error(`seed: no ${brand} ${category} up to ${maxPrice}`);
  return a;
}

export function generateLifestyleAgreements(articles: Article[], secret: string): LifestyleAgreementRecord[] {
  const glasses = frame(articles, 'Lindberg', 'briller', 300_000);
  const sun = frame(articles, 'Ray-Ban', 'solbriller', 200_000);
  const lars = frame(articles, 'Tom Ford', 'briller', 300_000);
  const base = { status: 'Active' as const, paymentMethod: 'invoice' as const, noticeGivenOn: null, terminationDate: null, terminatedOn: null, winback: NO_WINBACK, referredByCode: null };
  return [
    {
      ...base,
      id: LIFESTYLE_DEMO_AGREEMENTS.glasses,
      agreementNumber: '40012345',
      customerId: KUNDE,
      connectedOn: '2026-02-20',
      product: { articleId: glasses.id, name: glasses.name, brand: glasses.brand, lenses: 'progressive glas med antirefleks og blåt lys-filter' },
      holder: METTE,
      monthlyPrice: 34_900,
      frameAllowance: 300_000,
      storeName: 'Profil Optik København K',
      signedOn: '2026-02-20',
      startDate: '2026-03-01',
      freeMonths: [],
      exchanges: [],
      referralCode: LIFESTYLE_DEMO_AGREEMENTS.glassesCode,
      holderVerifier: holderVerifier(secret, '40012345', '040581'),
    },
    {
      ...base,
      id: LIFESTYLE_DEMO_AGREEMENTS.sunglasses,
      agreementNumber: '40012346',
      customerId: KUNDE,
      connectedOn: '2026-05-28',
      product: { articleId: sun.id, name: sun.name, brand: sun.brand, lenses: 'polariserede glas med styrke' },
      holder: METTE,
      monthlyPrice: 19_900,
      frameAllowance: 200_000,
      storeName: 'Profil Optik Frederiksberg',
      signedOn: '2026-05-28',
      startDate: '2026-06-01',
      freeMonths: [],
      exchanges: [{ id: 'lsx-la-1002-1', date: '2026-09-14', articleId: sun.id, productName: `${sun.name} (${sun.brand})` }],
      referralCode: 'VEN-4M8R2T',
      holderVerifier: holderVerifier(secret, '40012346', '040581'),
    },
    {
      ...base,
      id: LIFESTYLE_DEMO_AGREEMENTS.unconnected,
      status: 'Created',
      agreementNumber: LIFESTYLE_DEMO.agreementNumber,
      customerId: null,
      connectedOn: null,
      product: { articleId: lars.id, name: lars.name, brand: lars.brand, lenses: 'enkeltstyrke-glas med antirefleks' },
      holder: { firstName: 'Lars', lastName: 'Pedersen', street: 'Søndergade 40, 1. tv.', zip: '8000', city: 'Aarhus C' },
      monthlyPrice: 29_900,
      frameAllowance: 300_000,
      storeName: 'Profil Optik København K',
      signedOn: '2026-11-20',
      startDate: '2026-12-01',
      freeMonths: [],
      exchanges: [],
      referralCode: 'VEN-9D2H6W',
      holderVerifier: holderVerifier(secret, LIFESTYLE_DEMO.agreementNumber, LIFESTYLE_DEMO.birthDate),
    },
  ];
}

/**
 * Demo Lifestyle data: kunde@example.dk has an active glasses agreement and an active sunglasses
 * agreement (exchange used this year), each with its contract, terms and paid monthly invoices;
 * lifestyle@example.dk has just signed one in a store and can connect it at
 * /min-konto/abonnement/forbind-til-lifestyle (agreement 40012347, birth date 150385) — and is a
 * Friends member. Without a secret (no app to connect through) the unconnected one is left out.
 */
export async function seedLifestyle(storage: Storage, articles: Article[], secret: string | undefined): Promise<void> {
  const account: Account = {
    id: LIFESTYLE_DEMO.accountId,
    role: 'customer',
    email: LIFESTYLE_DEMO.email,
    username: null,
    firstName: 'Lars',
    lastName: 'Pedersen',
    phone: '24252627',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    emailVerified: true,
    termsVersion: CURRENT_TERMS_VERSION,
    storeId: null,
    companyId: null,
    createdAt: '2026-11-20T15:00:00.000Z',
  };
  await storage.collection(C.accounts).put(account);
  const member: FriendsMember = { id: LIFESTYLE_DEMO.accountId, joinedOn: '2026-11-20', termsVersion: 1, lastVisitOn: '2026-11-20', leftOn: null };
  await storage.collection(friendsMembersCollection).put(member);

  const agreements = generateLifestyleAgreements(articles, secret ?? '').filter((a) => secret || a.customerId);
  await storage.collection(lifestyleAgreementsCollection).putMany(agreements);
  const docs: LifestyleDocument[] = agreements.flatMap((a) => [
    { id: `lsd-${a.id}-aftale`, ...draftDocument(a, a.signedOn, 'agreement') },
    { id: `lsd-${a.id}-vilkaar`, ...draftDocument(a, a.signedOn, 'terms') },
  ]);
  const sun = agreements.find((a) => a.id === LIFESTYLE_DEMO_AGREEMENTS.sunglasses)!;
  docs.push({ id: `lsd-${sun.id}-ombytning`, ...draftDocument(sun, '2026-09-14', { kind: 'exchange', exchangeTo: sun.exchanges[0]!.productName }) });
  await storage.collection(lifestyleDocumentsCollection).putMany(docs);

  await seedLifestyleInvoices(storage, agreements);
}

/** The monthly invoices of the demo agreements up to the seed's date, all paid (on their due dates), and their subscription records. */
export async function seedLifestyleInvoices(storage: Storage, agreements: readonly LifestyleAgreementRecord[]): Promise<void> {
  for (const a of agreements) {
    if (!a.customerId) continue;
    for (let i = 0; billingPeriod(a.startDate, i).from <= SEEDED_THROUGH; i++) {
      const p = periodCharge(billing(a), i);
      const inv = lifestyleInvoice(a, a.customerId, p, new Date(`${p.from}T07:00:00.000Z`));
      await storage.collection(C.invoices).put({ ...inv, amountLeft: 0, paymentStatus: 'paid' });
    }
    await storage.collection(subscriptionsCollection).put(lifestyleSubscription(a, a.customerId, SEEDED_THROUGH));
  }
}
