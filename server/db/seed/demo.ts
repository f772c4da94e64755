import { count, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { branches, clients, roles, users } from '../schema';
import { hashPassword } from '../../auth/passwords';
import { seedMembers } from './members';
import type { RoleName } from '../../auth/roles';
import { seedOrders } from './orders';
import { seedProducts } from './products';
import { seedReps } from './reps';
import { seedCrm } from './crm';
import { seedMembership } from './membership';
import { seedMailing } from './mailing';
import { seedBilling } from './billing';
import { seedStock } from './stock';
import { seedCourier } from './courier';
import { seedDeliveries } from './deliveries';

export const DEMO_PASSWORD = 'demo-pass-1234';

/** The demo accounts; the SPA's login page offers them outside production. */
export const demoAccounts: { email: string; name: string; role: RoleName }[] = [
  { email: 'admin@example.com', name: 'Ada Admin', role: 'admin' },
  { email: 'production@example.com', name: 'Pieter Production', role: 'production' },
  { email: 'reseller@example.com', name: 'Rita Reseller', role: 'reseller' },
  { email: 'stockist@example.com', name: 'Sipho Stockist', role: 'stockist' },
  { email: 'individual@example.com', name: 'Ines Individual', role: 'individual' },
];

/** What the foundation seed made, handed to each domain's seed. */
export interface DemoContext {
  tx: Tx;
  roleIds: Record<RoleName, number>;
  /** Johannesburg (the default), Cape Town, Durban. */
  branchIds: number[];
  /** The demo users by role. */
  userIds: Record<RoleName, number>;
  /** The clients of the demo stockist and individual. */
  clientIds: { stockist: number; individual: number };
  /** Where uploaded files live (`<data>/uploads`); null when the seed has none (the API tests). */
  uploadsDir: string | null;
}

/**
 * Each domain's demo data, in dependency order; a domain issue adds its seed here
 * (`server/db/seed/<domain>.ts`). They run in the foundation seed's transaction.
 */
const domainSeeds: ((context: DemoContext) => Promise<void>)[] = [seedProducts, seedMembers, seedOrders, seedReps, seedCrm, seedMembership, seedMailing, seedBilling, seedStock, seedDeliveries, seedCourier];

/** The advisory lock key of the demo seed (a constant the portal uses for nothing else). */
const DEMO_SEED_LOCK = 7_150_002;

/**
 * Fills an empty database with demo data, in one transaction. A database that has any user is
 * left alone, so restarts never duplicate the demo. Each domain extends this seed.
 */
export async function seedDemoData(db: Db, options: { uploadsDir?: string } = {}): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  const hashes = await Promise.all(demoAccounts.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    // Instances started together on an empty database all saw no users above; they take turns
    // here, and the ones after the first find its data and seed nothing (each used to seed, and
    // all but one died on the unique default branch).
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    const [{ n: now }] = await tx.select({ n: count() }).from(users);
    if (now > 0) return false;
    const roleRows = await tx.select().from(roles);
    const roleId = (name: RoleName) => roleRows.find((r) => r.name === name)!.id;
    const [johannesburg, capeTown, durban] = await tx
      .insert(branches)
      .values([
        { name: 'Johannesburg', address: '12 Commissioner St, Johannesburg, 2001', defaultBranch: true },
        { name: 'Cape Town', address: '45 Long St, Cape Town, 8001' },
        { name: 'Durban', address: '8 Florida Rd, Durban, 4001' },
      ])
      .returning();
    const [stockistClient, individualClient] = await tx
      .insert(clients)
      .values([
        {
          type: 'stockist',
          name: 'Sunrise Pharmacy',
          contactName: 'Sipho Stockist',
          email: 'stockist@example.com',
          phone: '+27 11 555 0101',
          address: '3 Main Rd, Randburg, 2194',
          branchId: johannesburg.id,
          membershipStatus: 'active',
          membershipExpiresAt: new Date(Date.now() + 300 * 86400_000),
        },
        {
          type: 'individual',
          name: 'Ines Individual',
          contactName: 'Ines Individual',
          email: 'individual@example.com',
          phone: '+27 21 555 0202',
          address: '19 Kloof St, Cape Town, 8001',
          branchId: capeTown.id,
          membershipStatus: 'active',
          membershipExpiresAt: new Date(Date.now() + 200 * 86400_000),
        },
      ])
      .returning();
    const clientFor: Partial<Record<RoleName, number>> = { stockist: stockistClient.id, individual: individualClient.id };
    const userRows = await tx.insert(users).values(
      demoAccounts.map((account, i) => ({
        name: account.name,
        email: account.email,
        passwordHash: hashes[i],
        roleId: roleId(account.role),
        clientId: clientFor[account.role] ?? null,
        branchId: account.role === 'individual' ? capeTown.id : johannesburg.id,
      })),
    ).returning();
    const byRole = <T>(value: (role: RoleName) => T) =>
      Object.fromEntries(demoAccounts.map((account) => [account.role, value(account.role)])) as Record<RoleName, T>;
    const context: DemoContext = {
      tx,
      roleIds: byRole(roleId),
      branchIds: [johannesburg.id, capeTown.id, durban.id],
      userIds: byRole((role) => userRows.find((row) => row.email === demoAccounts.find((a) => a.role === role)!.email)!.id),
      clientIds: { stockist: stockistClient.id, individual: individualClient.id },
      uploadsDir: options.uploadsDir ?? null,
    };
    for (const seed of domainSeeds) await seed(context);
    return true;
  });
}
