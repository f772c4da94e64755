import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { commissionMonths, commissionPlans, commissionTargets, productGroups, roles, users } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { badRequest, conflict } from '../../http/errors';
import { recordAudit } from '../../audit/record';
import { isoText } from '../../db/queryParts';
import type { RepPlansRecord, SavePlanInput, SaveTargetInput } from './wire';

/** Every rep (a reseller's only itself) with its plans and targets, by name. */
export async function listPlans(db: Db, user: CurrentUser): Promise<RepPlansRecord[]> {
  const reps = await db
    .select({ rep_id: users.id, rep_name: users.name, active: users.active })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, 'reseller'), user.role === 'reseller' ? eq(users.id, user.id) : undefined))
    .orderBy(asc(users.name), asc(users.id));
  if (reps.length === 0) return [];
  const ids = reps.map((r) => r.rep_id);
  const plans = await db
    .select({
      rep_id: commissionPlans.repUserId,
      id: commissionPlans.id,
      product_group_id: commissionPlans.productGroupId,
      product_group_name: productGroups.name,
      rate_bp: commissionPlans.rateBp,
      tiers: commissionPlans.tiers,
      updated_at: isoText(commissionPlans.updatedAt),
    })
    .from(commissionPlans)
    .leftJoin(productGroups, eq(productGroups.id, commissionPlans.productGroupId))
    .where(inArray(commissionPlans.repUserId, ids))
    .orderBy(sql`${commissionPlans.productGroupId} nulls first`, asc(commissionPlans.id));
  const targets = await db
    .select({ rep_id: commissionTargets.repUserId, month: commissionTargets.month, amount: commissionTargets.amount })
    .from(commissionTargets)
    .where(inArray(commissionTargets.repUserId, ids))
    .orderBy(desc(commissionTargets.month));
  return reps.map((rep) => ({
    ...rep,
    plans: plans.filter((p) => p.rep_id === rep.rep_id).map(({ rep_id: _, ...plan }) => plan),
    targets: targets.filter((t) => t.rep_id === rep.rep_id).map((t) => ({ month: t.month, amount: Number(t.amount) })),
  }));
}

/** The user must be a rep: a 400 naming rep_id otherwise. */
async function assertRep(db: Db, repId: number): Promise<void> {
  const [rep] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, repId), eq(roles.name, 'reseller')));
  if (!rep) throw badRequest('rep_id', `rep_id: user ${repId} is not a rep`);
}

/** Tiers start ever higher: each `above` beyond the one before. */
function assertTiers(tiers: SavePlanInput['tiers']): void {
  (tiers ?? []).forEach((tier, index) => {
    if (index > 0 && tier.above <= tiers![index - 1].above) {
      throw badRequest(`tiers.${index}.above`, `tiers.${index}.above must be more than the tier before it (${tiers![index - 1].above})`);
    }
  });
}

/** `commissions/saveplan`: the rep's plan for the product group (or for everything else), made or replaced. */
export async function savePlan(db: Db, user: CurrentUser, body: SavePlanInput, now: Date): Promise<RepPlansRecord> {
  await assertRep(db, body.rep_id);
  assertTiers(body.tiers);
  const groupId = body.product_group_id ?? null;
  if (groupId !== null) {
    const [group] = await db.select({ id: productGroups.id }).from(productGroups).where(eq(productGroups.id, groupId));
    if (!group) throw badRequest('product_group_id', `product_group_id: there is no product group ${groupId}`);
  }
  const tiers = body.tiers ?? [];
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(commissionPlans)
      .values({ repUserId: body.rep_id, productGroupId: groupId, rateBp: body.rate_bp, tiers, updatedAt: now, updatedBy: user.id })
      .onConflictDoUpdate({ target: [commissionPlans.repUserId, commissionPlans.productGroupId], set: { rateBp: body.rate_bp, tiers, updatedAt: now, updatedBy: user.id } })
      .returning({ id: commissionPlans.id });
    await recordAudit(tx, { userId: user.id, action: 'save_commission_plan', entity: 'commission_plan', entityId: saved.id, data: { rep_id: body.rep_id, product_group_id: groupId, rate_bp: body.rate_bp, tiers } });
  });
  return (await listPlans(db, user)).find((r) => r.rep_id === body.rep_id)!;
}

/** `commissions/savetarget`: what the rep's clients are to pay in the month, net of VAT. */
export async function saveTarget(db: Db, user: CurrentUser, body: SaveTargetInput): Promise<RepPlansRecord> {
  await assertRep(db, body.rep_id);
  await db.transaction(async (tx) => {
    const [closed] = await tx.select({ month: commissionMonths.month }).from(commissionMonths).where(eq(commissionMonths.month, body.month));
    if (closed) throw conflict('month', `month ${body.month} is closed: its statements never change`);
    await tx
      .insert(commissionTargets)
      .values({ repUserId: body.rep_id, month: body.month, amount: body.amount })
      .onConflictDoUpdate({ target: [commissionTargets.repUserId, commissionTargets.month], set: { amount: body.amount } });
    await recordAudit(tx, { userId: user.id, action: 'save_commission_target', entity: 'commission_target', entityId: `${body.rep_id}:${body.month}`, data: { ...body } });
  });
  return (await listPlans(db, user)).find((r) => r.rep_id === body.rep_id)!;
}
