import type { Requisition } from '@optik/shared';

const EMPLOYEES = [
  ['Lars Kristensen', 'M-1042'],
  ['Pia Andersen', 'M-1077'],
  ['Mikkel Rasmussen', 'M-1103'],
  ['Hanne Pedersen', 'M-1131'],
  ['Søren Christiansen', 'M-1150'],
  ['Ida Mortensen', 'M-1188'],
] as const;
const LEVELS = ['basis', 'plus', 'premium'] as const;

/** Pending requisitions from the demo company's employees in the first two stores (README: manager `leder1`). */
export function generateRequisitions(): Requisition[] {
  return EMPLOYEES.map(([employeeName, employeeNumber], i) => ({
    id: `rq-${String(i + 1).padStart(3, '0')}`,
    storeId: i < 4 ? 'st-001' : 'st-002',
    contractId: 'co-001',
    companyName: 'Nordhavn Logistik A/S',
    employeeName,
    employeeNumber,
    glassLevel: LEVELS[i % 3]!,
    frameLevel: LEVELS[(i + 1) % 3]!,
    protectiveGlasses: i % 2 === 0,
    photochromic: i === 2,
    maxAmount: [150_000, 250_000, 400_000][i % 3]!,
    requestedAt: `2026-11-${String(10 + i).padStart(2, '0')}T09:30:00.000Z`,
    status: 'pending',
    note: null,
    decidedBy: null,
    decidedAt: null,
  }));
}
