import type { Db } from '../client';
import { roles } from '../schema';
import type { RoleName } from '../../auth/roles';

const roleRows: { name: RoleName; displayName: string; description: string }[] = [
  { name: 'admin', displayName: 'Administrator', description: 'Company staff who run the back office' },
  { name: 'stockist', displayName: 'Stockist', description: 'A shop that stocks and resells the products' },
  { name: 'individual', displayName: 'Individual', description: 'A member buying for themselves' },
  { name: 'production', displayName: 'Production', description: 'The team that makes and dispatches orders' },
  { name: 'reseller', displayName: 'Reseller (rep)', description: 'A representative working their own clients' },
];

/** Data every installation needs, demo or production: the roles. Safe to run on every start. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.insert(roles).values(roleRows).onConflictDoNothing({ target: roles.name });
}
