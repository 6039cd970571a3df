import { randomInt } from 'node:crypto';

export interface Person {
  firstName: string;
  lastName: string;
  /** As staff type it: +45 2x xx xx xx. */
  phone: string;
  /** As the SMS outbox addresses it: +452xxxxxxx. */
  smsTo: string;
  /** As the app shows it: 2x xx xx xx. */
  phoneShown: string;
  email: string | null;
  zip: string;
  city: string;
  street: string;
  /** DDMMYY-SSSS, passing the check digit. */
  cpr: string;
}

export const fullName = (p: Pick<Person, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;

const FIRST = ['Anne', 'Bent', 'Camilla', 'Dorte', 'Erik', 'Frida', 'Gustav', 'Hanne', 'Ib', 'Jonna', 'Kasper', 'Lise'];
const LAST = ['Holm', 'Kjær', 'Lund', 'Bach', 'Dahl', 'Krogh', 'Vang', 'Bisgaard', 'Storm', 'Friis', 'Skov', 'Juhl'];
const TOWNS = [
  ['8000', 'Aarhus C', 'Søndergade'],
  ['5000', 'Odense C', 'Vestergade'],
  ['9000', 'Aalborg', 'Boulevarden'],
  ['2100', 'København Ø', 'Østerbrogade'],
  ['7100', 'Vejle', 'Nørregade'],
  ['4000', 'Roskilde', 'Algade'],
  ['6700', 'Esbjerg', 'Kongensgade'],
  ['3000', 'Helsingør', 'Stengade'],
] as const;

const WEIGHTS = [4, 3, 2, 7, 6, 5, 4, 3, 2, 1];

/** A CPR number born `ddmmyy` (1900s: serial 0000–3999) whose check digit holds, from a random serial on. */
function cprBorn(ddmmyy: string): string {
  for (let serial = randomInt(4000), tries = 0; tries < 4000; serial = (serial + 1) % 4000, tries++) {
    const digits = `${ddmmyy}${String(serial).padStart(4, '0')}`;
    if ([...digits].reduce((s, c, i) => s + Number(c) * WEIGHTS[i]!, 0) % 11 === 0) return `${ddmmyy}-${digits.slice(6)}`;
  }
  throw new Error(`no CPR passes the check digit for ${ddmmyy}`);
}

/**
 * The day's new customers. Names, phones, e-mails and CPR numbers are this run's own (a random
 * tag and serials), so parallel specs and earlier runs on the same API never match them; every
 * second customer gives an e-mail address.
 */
export function customersOfTheDay(count: number): Person[] {
  const tag = Array.from({ length: 4 }, (_, i) => String.fromCharCode((i === 0 ? 65 : 97) + randomInt(26))).join('');
  const phoneBase = 20_000_000 + randomInt(70_000_000 - count);
  return Array.from({ length: count }, (_, i) => {
    const [zip, city, street] = TOWNS[i % TOWNS.length]!;
    const digits = String(phoneBase + i);
    const pairs = digits.match(/\d\d/g)!.join(' ');
    const firstName = FIRST[i % FIRST.length]!;
    return {
      firstName,
      lastName: `${LAST[i % LAST.length]}-${tag}`,
      phone: `+45 ${pairs}`,
      smsTo: `+45${digits}`,
      phoneShown: pairs,
      email: i % 2 === 1 ? `dag-${tag.toLowerCase()}-${i}@example.dk` : null,
      zip,
      city,
      street: `${street} ${i + 3}`,
      cpr: cprBorn(`${String(10 + (i % 18)).padStart(2, '0')}${String(1 + (i % 12)).padStart(2, '0')}${String(50 + i).padStart(2, '0')}`),
    };
  });
}
