import { inArray } from 'drizzle-orm';
import { clients, repClients, users } from '../schema';
import { hashPassword } from '../../auth/passwords';
import { DEMO_PASSWORD, type DemoContext } from './demo';

/**
 * A second rep, so the reps list compares two and a reseller meets another rep's page (404). It
 * works two clients of its own; seeded after the orders, so their orders stay the admin's.
 * It signs in with the demo password but is not offered on the sign-in page.
 */
export async function seedReps({ tx, roleIds, branchIds }: DemoContext): Promise<void> {
  const [, , durban] = branchIds;
  const [rep] = await tx
    .insert(users)
    .values({ name: 'Themba Mokoena', email: 'themba.rep@example.com', passwordHash: await hashPassword(DEMO_PASSWORD), roleId: roleIds.reseller, branchId: durban })
    .returning({ id: users.id });
  const worked = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(inArray(clients.name, ['Berea Wellness', 'Garden Route Naturals']));
  await tx.insert(repClients).values(worked.map((client) => ({ repUserId: rep.id, clientId: client.id })));
}
