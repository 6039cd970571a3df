import type { Role } from '@optik/shared';

/** Store staff and managers act "as a store" (SPEC §6). */
export function isStoreRole(role: Role): boolean {
  return role === 'store-staff' || role === 'manager';
}
