import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { CurrentUser } from '../../auth/roles';
import { HttpError } from '../../http/errors';
import { rowsOf } from '../../db/rows';
import { centsToDecimal } from '../../../shared/billing/vat';
import type { CreditPosition } from './wire';

/**
 * What a client owes and has ordered: open invoices less credit, plus orders on their way that
 * are not invoiced yet (dispatch or each delivery invoices them; cancelled and delivered ones are done).
 * An expression, so orders/create can check it inside the statement that inserts the order.
 */
export const exposureSql = (clientId: number): SQL => sql`(select
      coalesce((select sum(open) from invoice_balances where client_id = ${clientId} and open <> 0), 0)
      - coalesce((select sum(unallocated) from payments where client_id = ${clientId} and status = 'confirmed'), 0)
      + coalesce((select sum(o.total - coalesce((select sum(d.total) from billing_documents d where d.order_id = o.id and d.type = 'invoice'), 0))
          from orders o where o.client_id = ${clientId} and o.status in ('new', 'confirmed', 'in_production', 'ready')), 0))`;

async function exposure(db: Db | Tx, clientId: number): Promise<number> {
  const [row] = rowsOf<{ amount: string | number }>(await db.execute(sql`select ${exposureSql(clientId)} as amount`));
  return Number(row.amount);
}

/** The client's position with an order of `orderTotal` added, the client's exposure being `owed`. */
export const positionOf = (creditLimit: number, owed: number, orderTotal: number): CreditPosition => ({
  limit: creditLimit,
  exposure: owed,
  over_by: Math.max(0, owed + orderTotal - creditLimit),
});

/** The client's position with an order of `orderTotal` added; null when it has no credit limit (no query then). */
export async function creditPosition(db: Db | Tx, client: { id: number; creditLimit: number | null }, orderTotal: number): Promise<CreditPosition | null> {
  if (client.creditLimit === null) return null;
  return positionOf(client.creditLimit, await exposure(db, client.id), orderTotal);
}

/** An admin may take a client over its credit limit, with a reason (the caller audits it); nobody else may. */
export const mayExceedCreditLimit = (user: CurrentUser, overrideReason: string | undefined): boolean =>
  user.role === 'admin' && Boolean(overrideReason && overrideReason.trim().length >= 3);

/**
 * The refusal of an order that would take the client over its credit limit: members and reps get
 * a 409 saying by how much; an admin is told to give a reason.
 */
export function overCreditLimit(user: CurrentUser, position: CreditPosition): HttpError {
  const by = `R ${centsToDecimal(position.over_by)}`;
  if (user.role === 'admin') {
    return new HttpError(409, `This order takes the client ${by} over its credit limit; give a reason to override it`, {
      credit_override_reason: `over the credit limit by ${by}: a reason is required`,
      credit_limit: `over the credit limit by ${by}`,
    });
  }
  return new HttpError(409, `This order would take the account ${by} over its credit limit of R ${centsToDecimal(position.limit)}; pay what is owed or order less`, {
    credit_limit: `over the credit limit of R ${centsToDecimal(position.limit)} by ${by}`,
  });
}
