import { clients, repClients } from '../schema';
import type { DemoContext } from './demo';

const DAY = 86400_000;

/** Eight more members across the three branches, types and membership states; the reseller works three. */
export async function seedMembers({ tx, branchIds, userIds, clientIds }: DemoContext): Promise<void> {
  const [johannesburg, capeTown, durban] = branchIds;
  const inDays = (days: number) => new Date(Date.now() + days * DAY);
  const rows = await tx
    .insert(clients)
    .values([
      { type: 'stockist', name: 'Karoo Health Store', contactName: 'Thandi Mokoena', email: 'orders@karoohealth.example.com', phone: '+27 23 555 0303', address: '5 Church St, Beaufort West, 6970', branchId: capeTown, membershipStatus: 'active', membershipExpiresAt: inDays(120) },
      { type: 'stockist', name: 'Berea Wellness', contactName: 'Rajesh Naidoo', email: 'rajesh@bereawellness.example.com', phone: '+27 31 555 0404', address: '77 Musgrave Rd, Durban, 4001', branchId: durban, membershipStatus: 'pending_payment' },
      { type: 'stockist', name: 'Highveld Pharmacy', contactName: 'Annelie Botha', email: 'annelie@highveldpharm.example.com', phone: '+27 12 555 0505', address: '220 Church St, Pretoria, 0002', branchId: johannesburg, membershipStatus: 'expired', membershipExpiresAt: inDays(-30) },
      { type: 'individual', name: 'Lerato Dlamini', contactName: 'Lerato Dlamini', email: 'lerato.dlamini@example.com', phone: '+27 82 555 0606', address: '14 Vilakazi St, Soweto, 1804', branchId: johannesburg, membershipStatus: 'active', membershipExpiresAt: inDays(45) },
      { type: 'individual', name: 'Johan van der Merwe', contactName: 'Johan van der Merwe', email: 'johan.vdm@example.com', phone: '+27 83 555 0707', address: '9 Dorp St, Stellenbosch, 7600', branchId: capeTown, membershipStatus: 'approved' },
      { type: 'individual', name: 'Ayesha Patel', contactName: 'Ayesha Patel', email: 'ayesha.patel@example.com', phone: '+27 84 555 0808', address: '31 Ridge Rd, Durban, 4001', branchId: durban, membershipStatus: 'requested', questionAnswers: { how_heard: 'A friend', interests: 'Skin care' } },
      { type: 'admin', name: 'Head Office', contactName: 'Ada Admin', email: 'headoffice@example.com', phone: '+27 11 555 0000', address: '12 Commissioner St, Johannesburg, 2001', branchId: johannesburg, membershipStatus: 'active', membershipExpiresAt: inDays(3650) },
      { type: 'stockist', name: 'Garden Route Naturals', contactName: 'Pieter Fourie', email: 'pieter@grnaturals.example.com', phone: '+27 44 555 0909', address: '2 Main St, George, 6530', branchId: capeTown, membershipStatus: 'active', membershipExpiresAt: inDays(250) },
    ])
    .returning({ id: clients.id, name: clients.name });
  const byName = (name: string) => rows.find((row) => row.name === name)!.id;
  const repClientIds = [clientIds.stockist, byName('Karoo Health Store'), byName('Lerato Dlamini')];
  await tx.insert(repClients).values(repClientIds.map((clientId) => ({ repUserId: userIds.reseller, clientId })));
}
