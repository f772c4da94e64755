import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { commissionMonths, commissionPlans, commissionStatements, commissionTargets, roles, users } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import type { CurrentUser } from '../../auth/roles';
import { badRequest, conflict } from '../../http/errors';
import { recordAudit } from '../../audit/record';
import { visibleRep } from '../reps/service';
import { businessDay } from '../../../shared/billing/accounts';
import { monthOf } from '../../../shared/commissions/months';
import { computeStatement, type LedgerEntry, type PlanTerms } from '../../../shared/commissions/statement';
import { MONTHS_LOCK } from './ledger';
import { queueStatementMail } from './mail';
import type { StatementRecord } from './wire';

/** The rep a statement is asked for: a rep its own (another's answers 404, as the reps' own calls do), the admin any it names. */
export async function statementRep(db: Db | Tx, user: CurrentUser, repId: number | undefined): Promise<{ id: number; name: string }> {
  const id = repId ?? (user.role === 'reseller' ? user.id : undefined);
  if (id === undefined) throw badRequest('rep_id', 'rep_id: name the rep whose statement this is');
  const rep = await visibleRep(db, user, id);
  return { id: rep.id, name: rep.name };
}

/** The month's ledger of a rep, with what the statement names (client, invoice, payment reference or note number). */
export async function ledgerOf(db: Db | Tx, repId: number, month: string): Promise<LedgerEntry[]> {
  const rows = rowsOf<LedgerEntry & { id: string; gross: string; net: string }>(
    await db.execute(sql`
      select e.id, e.kind, e.day::text as day, e.client_id, c.name as client_name, e.invoice_id, i.number as invoice_number,
        coalesce(p.reference, n.number, '') as document, e.product_group_id, e.gross, e.net
      from commission_entries e
      join clients c on c.id = e.client_id
      join billing_documents i on i.id = e.invoice_id
      left join payments p on p.id = e.payment_id
      left join billing_documents n on n.id = e.credit_note_id
      where e.rep_user_id = ${repId} and e.month = ${month}
      order by e.day, e.id`),
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), gross: Number(row.gross), net: Number(row.net) }));
}

export async function plansOf(db: Db | Tx, repId: number): Promise<PlanTerms[]> {
  return db
    .select({ product_group_id: commissionPlans.productGroupId, rate_bp: commissionPlans.rateBp, tiers: commissionPlans.tiers })
    .from(commissionPlans)
    .where(eq(commissionPlans.repUserId, repId))
    .orderBy(asc(commissionPlans.id));
}

export async function targetOf(db: Db | Tx, repId: number, month: string): Promise<number | null> {
  const [row] = await db
    .select({ amount: commissionTargets.amount })
    .from(commissionTargets)
    .where(and(eq(commissionTargets.repUserId, repId), eq(commissionTargets.month, month)));
  return row ? Number(row.amount) : null;
}

/** The statement of an open month, from its ledger as it is now (the running month live). */
export async function liveStatement(db: Db | Tx, rep: { id: number; name: string }, month: string): Promise<StatementRecord> {
  const [entries, plans, target] = [await ledgerOf(db, rep.id, month), await plansOf(db, rep.id), await targetOf(db, rep.id, month)];
  return { rep_id: rep.id, rep_name: rep.name, month, ...computeStatement(entries, plans, target), closed: false, closed_at: null };
}

/** The statement stored when the month was closed, if it is. */
async function storedStatement(db: Db | Tx, repId: number, month: string): Promise<{ closed: true; statement: StatementRecord | null; closedAt: string } | null> {
  const [closed] = await db.select({ closedAt: commissionMonths.closedAt }).from(commissionMonths).where(eq(commissionMonths.month, month));
  if (!closed) return null;
  const [row] = await db
    .select({ statement: commissionStatements.statement })
    .from(commissionStatements)
    .where(and(eq(commissionStatements.repUserId, repId), eq(commissionStatements.month, month)));
  return { closed: true, statement: (row?.statement as StatementRecord | undefined) ?? null, closedAt: closed.closedAt.toISOString() };
}

/** `commissions/statement`: a closed month as it was closed, an open one live. */
export async function statement(db: Db, user: CurrentUser, repId: number | undefined, month: string): Promise<StatementRecord> {
  const rep = await statementRep(db, user, repId);
  const stored = await storedStatement(db, rep.id, month);
  if (!stored) return liveStatement(db, rep, month);
  // A rep with nothing in a month closed without it: an empty statement, closed all the same.
  if (!stored.statement) return { rep_id: rep.id, rep_name: rep.name, month, target: null, paid_net: 0, commission: 0, clawbacks: 0, tier: 0, rate_bp: 0, lines: [], closed: true, closed_at: stored.closedAt };
  return stored.statement;
}

/**
 * `commissions/closemonth`: every rep's statement of the month computed and stored as it stands,
 * the month marked closed (nothing lands in it afterwards: later payments and credits count in
 * the next open month), and each rep with a statement mailed its PDF. One transaction, holding
 * the ledger's writers off while it reads.
 */
export async function closeMonth(db: Db, user: CurrentUser, month: string, now: Date): Promise<{ month: string; closed_at: string; statements: number }> {
  if (month > monthOf(businessDay(now))) throw badRequest('month', `month ${month} has not started yet: only a month that has begun can be closed`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MONTHS_LOCK})`);
    const [already] = await tx.select({ month: commissionMonths.month }).from(commissionMonths).where(eq(commissionMonths.month, month));
    if (already) throw conflict('month', `${month} is closed already`);
    // Every rep that has something to say for the month: entries, a target, or a plan.
    const reps = rowsOf<{ id: number; name: string; email: string }>(
      await tx.execute(sql`
        select u.id, u.name, u.email from ${users} u join ${roles} r on r.id = u.role_id
        where r.name = 'reseller' and (
          exists (select 1 from commission_entries e where e.rep_user_id = u.id and e.month = ${month})
          or exists (select 1 from commission_targets t where t.rep_user_id = u.id and t.month = ${month})
          or exists (select 1 from commission_plans p where p.rep_user_id = u.id))
        order by u.id`),
    );
    const closedAt = now.toISOString();
    const statements = [];
    for (const rep of reps) statements.push({ ...(await liveStatement(tx, rep, month)), closed: true, closed_at: closedAt });
    await tx.insert(commissionMonths).values({ month, closedAt: now, closedBy: user.id });
    if (statements.length > 0) await tx.insert(commissionStatements).values(statements.map((s) => ({ repUserId: s.rep_id, month, statement: s })));
    for (const rep of reps) if (rep.email) await queueStatementMail(tx, rep.id, month, rep.email);
    await recordAudit(tx, {
      userId: user.id,
      action: 'close_commission_month',
      entity: 'commission_month',
      entityId: month,
      data: { month, statements: statements.map((s) => ({ rep_id: s.rep_id, paid_net: s.paid_net, commission: s.commission })) },
    });
    return { month, closed_at: closedAt, statements: statements.length };
  });
}
