import { CURRENT_TERMS_VERSION, type Account } from '@optik/shared';
import { hashPassword } from '../modules/auth/password';

export const DEMO_PASSWORD = 'Demo1234!';
const CREATED = '2026-01-05T09:00:00.000Z';

type Demo = Omit<Account, 'passwordHash' | 'createdAt' | 'phone' | 'companyId' | 'storeId' | 'username' | 'email'> &
  Partial<Pick<Account, 'phone' | 'companyId' | 'storeId' | 'username' | 'email'>>;

const DEMO: Demo[] = [
  { id: 'u-kunde', role: 'customer', email: 'kunde@example.dk', firstName: 'Mette', lastName: 'Jensen', phone: '20304050', emailVerified: true, termsVersion: CURRENT_TERMS_VERSION },
  { id: 'u-ubekraeftet', role: 'customer', email: 'ubekraeftet@example.dk', firstName: 'Jonas', lastName: 'Nielsen', phone: '21314151', emailVerified: false, termsVersion: CURRENT_TERMS_VERSION },
  { id: 'u-gamle-vilkaar', role: 'customer', email: 'gamle-vilkaar@example.dk', firstName: 'Birthe', lastName: 'Hansen', phone: '22324252', emailVerified: true, termsVersion: 1 },
  { id: 'u-medarbejder1', role: 'store-staff', username: 'medarbejder1', firstName: 'Anders', lastName: 'Møller', storeId: 'st-001', emailVerified: true, termsVersion: CURRENT_TERMS_VERSION },
  { id: 'u-medarbejder2', role: 'store-staff', username: 'medarbejder2', firstName: 'Sofie', lastName: 'Larsen', storeId: 'st-002', emailVerified: true, termsVersion: CURRENT_TERMS_VERSION },
  { id: 'u-leder1', role: 'manager', username: 'leder1', firstName: 'Henrik', lastName: 'Poulsen', storeId: 'st-001', emailVerified: true, termsVersion: CURRENT_TERMS_VERSION },
  { id: 'u-firma', role: 'company-contact', email: 'firma@example.dk', firstName: 'Camilla', lastName: 'Thomsen', phone: '23334353', companyId: 'co-001', emailVerified: true, termsVersion: CURRENT_TERMS_VERSION },
];

/** Demo accounts listed in the README; all share DEMO_PASSWORD. */
export async function generateAccounts(): Promise<Account[]> {
  return Promise.all(
    DEMO.map(async (d) => ({
      email: null,
      username: null,
      phone: null,
      storeId: null,
      companyId: null,
      ...d,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      createdAt: CREATED,
    })),
  );
}
