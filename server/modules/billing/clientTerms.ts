import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { snapshot } from '../../audit/snapshot';
import { visibleClient } from './access';
import { accountAgeing } from './debtors';
import { settingsRow } from './settings';
import type { ClientBillingBody } from './wire';

/** `billing/account`: a client's balance, credit, terms and ageing today. */
export async function account(db: Db, user: CurrentUser, clientId: number, now: Date) {
  const client = await visibleClient(db, user, clientId);
  const [ageing, settings] = await Promise.all([accountAgeing(db, client.id, now), settingsRow(db)]);
  const { unallocated_credit: credit, ...buckets } = ageing;
  return {
    client_id: client.id,
    balance: Object.values(buckets).reduce((sum, amount) => sum + amount, 0),
    unallocated_credit: credit,
    payment_terms: client.paymentTerms ?? settings.defaultPaymentTerms,
    credit_limit: client.creditLimit,
    vat_number: client.vatNumber,
    ageing: buckets,
  };
}

/** `billing/saveclientbilling`: the member's VAT number, payment terms and credit limit (admin). */
export async function saveClientBilling(db: Db, user: CurrentUser, body: ClientBillingBody, now: Date) {
  await db.transaction(async (tx) => {
    await visibleClient(tx, user, body.client_id);
    const before = await snapshot(tx, clients, body.client_id);
    const changes: Partial<typeof clients.$inferInsert> = { updatedAt: now };
    if (body.vat_number !== undefined) changes.vatNumber = body.vat_number.trim();
    if (body.payment_terms !== undefined) changes.paymentTerms = body.payment_terms;
    if (body.credit_limit !== undefined) changes.creditLimit = body.credit_limit;
    await tx.update(clients).set(changes).where(eq(clients.id, body.client_id));
    await recordAudit(tx, { userId: user.id, action: 'save_client_billing', entity: 'client', entityId: body.client_id, before, after: await snapshot(tx, clients, body.client_id) });
  });
  return account(db, user, body.client_id, now);
}
