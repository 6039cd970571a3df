import { describe, expect, it } from 'vitest';
import { availabilityQuerySchema, bookingCreateRequestSchema, bookingDetailsInputSchema, bookingMessages } from './booking';

const contact = { firstName: 'Ida', lastName: 'Holm', email: ' Ida@Example.dk ', phone: '+45 20 30 40 50' };

describe('booking schemas', () => {
  it('normalises what the wizard sends: trimmed text, empty optional fields as null, distances as numbers', () => {
    const d = bookingDetailsInputSchema.parse({
      contact,
      birthDate: ' 070761 ',
      noteToStore: '   ',
      company: { companyName: ' Nordhavn ', reference: '', requisitionType: 'physical', workingDistances: ['60', 75], tools: ' Lup ', other: '' },
    });
    expect(d).toEqual({
      contact: { firstName: 'Ida', lastName: 'Holm', email: 'ida@example.dk', phone: '20304050' },
      birthDate: '070761',
      noteToStore: null,
      company: { companyName: 'Nordhavn', reference: null, requisitionType: 'physical', workingDistances: [60, 75], tools: 'Lup', other: null },
    });
    expect(bookingDetailsInputSchema.parse({ contact }).company).toBeNull();
  });

  it('refuses distances out of range, more than three, and a bad reference', () => {
    const company = { companyName: 'Nordhavn', requisitionType: 'e-requisition' };
    const issues = (value: unknown) => bookingDetailsInputSchema.safeParse({ contact, company: value }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...company, workingDistances: [19, '201', '6x'] })).toEqual([
      ['company.workingDistances.0', bookingMessages.distance],
      ['company.workingDistances.1', bookingMessages.distance],
      ['company.workingDistances.2', bookingMessages.distance],
    ]);
    expect(issues({ ...company, workingDistances: [40, 50, 60, 70] })).toEqual([['company.workingDistances', bookingMessages.distancesMax]]);
    expect(issues({ ...company, reference: 'M-1042; drop' })).toEqual([['company.reference', bookingMessages.reference]]);
  });

  it('asks for the exam, age group, store and time in Danish', () => {
    const r = bookingCreateRequestSchema.safeParse({ contact });
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      storeId: bookingMessages.store,
      examType: 'Vælg en undersøgelse.',
      ageGroup: bookingMessages.ageGroup,
      start: bookingMessages.start,
    });
  });

  it('reads the availability query from strings, a week by default and at most two', () => {
    expect(availabilityQuerySchema.parse({ storeId: 'st-001', examType: 'synstest', from: '2026-11-23' }).days).toBe(7);
    expect(availabilityQuerySchema.parse({ storeId: 'st-001', examType: 'synstest', from: '2026-11-23', days: '3' }).days).toBe(3);
    expect(availabilityQuerySchema.safeParse({ storeId: 'st-001', examType: 'synstest', from: '2026-11-23', days: '15' }).success).toBe(false);
  });
});
