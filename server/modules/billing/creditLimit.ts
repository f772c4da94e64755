import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { CurrentUser } from '../../auth/roles';
import { HttpError } from '../../http/errors';
import { rowsOf } from '../../db/rows';
import { centsToDecimal } from '../../../shared/billing/vat';
import type { CreditPosition } from './wire';

/**
 * What a client owes and has ordered: open invoices less credit, plus orders on their way that
 * are not invoiced yet (dispatch or each delivery invoices them; cancelled and delivered ones are done).
 */
async function exposure(db: Db | Tx, clientId: number): Promise<number> {
  const [row] = rowsOf<{ amount: string | number }>(
    await db.execute(sql`select
      coalesce((select sum(open) from invoice_balances where client_id = ${clientId} and open <> 0), 0)
      - coalesce((select sum(unallocated) from payments where client_id = ${clientId} and status = 'confirmed'), 0)
      + coalesce((select sum(o.total - coalesce((select sum(d.total) from billing_documents d where d.order_id = o.id and d.type = 'invoice'), 0))
          from orders o where o.client_id = ${clientId} and o.status in ('new', 'confirmed', 'in_production', 'ready')), 0) as amount`),
  );
  return Number(row.amount);
}

/** The client's position with an order of `orderTotal` added; null when it has no credit limit (no query then). */
export async function creditPosition(db: Db | Tx, client: { id: number; creditLimit: number | null }, orderTotal: number): Promise<CreditPosition | null> {
  if (client.creditLimit === null) return null;
  const owed = await exposure(db, client.id);
  return { limit: client.creditLimit, exposure: owed, over_by: Math.max(0, owed + orderTotal - client.creditLimit) };
}

/**
 * Refuses an order that would take the client over its credit limit: members and reps with a 409
 * saying by how much; an admin may go over with a reason (the caller audits it).
 */
export async function assertWithinCreditLimit(
  db: Db | Tx,
  user: CurrentUser,
  client: { id: number; creditLimit: number | null },
  orderTotal: number,
  overrideReason: string | undefined,
): Promise<void> {
  const position = await creditPosition(db, client, orderTotal);
  if (!position || position.over_by === 0) return;
  const by = `R ${centsToDecimal(position.over_by)}`;
  if (user.role === 'admin') {
    if (overrideReason && overrideReason.trim().length >= 3) return;
    throw new HttpError(409, `This order takes the client ${by} over its credit limit; give a reason to override it`, {
      credit_override_reason: `over the credit limit by ${by}: a reason is required`,
      credit_limit: `over the credit limit by ${by}`,
    });
  }
  throw new HttpError(409, `This order would take the account ${by} over its credit limit of R ${centsToDecimal(position.limit)}; pay what is owed or order less`, {
    credit_limit: `over the credit limit of R ${centsToDecimal(position.limit)} by ${by}`,
  });
}
