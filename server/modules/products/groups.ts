import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { assertAllExist, linkedIds, nameSearch, pagedList, qualified } from '../../db/queryParts';
import type { Db, Tx } from '../../db/client';
import { groupProducts, groupRoles, priceRules, productGroups, products, roles } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { snapshot } from '../../audit/snapshot';
import { uniqueViolation } from '../../db/uniqueViolation';
import { badRequest, conflict, notFound } from '../../http/errors';
import { idsCondition, orderByOf } from '../../http/listQuery';
import { BASE_PRICE_ROLES } from './pricing';
import { isValidPercentileChange } from '../../../shared/pricing/priceRule';
import type { GroupDetailsRecord, GroupInputBody, GroupListParams, GroupRecord, PriceRuleInputBody, PriceRuleRecord } from './schemas';

const groupColumns = {
  id: productGroups.id,
  name: productGroups.name,
  description: productGroups.description,
  product_ids: linkedIds(groupProducts.productId, groupProducts.groupId, productGroups.id),
  role_ids: linkedIds(groupRoles.roleId, groupRoles.groupId, productGroups.id),
};

const ruleColumns = {
  id: priceRules.id,
  group_id: priceRules.groupId,
  role_id: priceRules.roleId,
  percentile_change: priceRules.percentileChange,
};

export function listGroups(db: Db, query: GroupListParams) {
  return pagedList<GroupRecord>(db, {
    from: productGroups,
    columns: groupColumns,
    where: and(idsCondition(productGroups.id, query.ids), nameSearch(productGroups.name, query.q)),
    orderBy: orderByOf({ name: sql`lower(${qualified(productGroups.name)})`, id: productGroups.id }, query, productGroups.id),
    query,
  });
}

async function getGroup(db: Db | Tx, id: number): Promise<GroupRecord> {
  const [row] = await db.select(groupColumns).from(productGroups).where(eq(productGroups.id, id));
  if (!row) throw notFound('Group');
  return row as GroupRecord;
}

/** Roles a group can price: every role but those that always see base prices. */
function pricedRoles(db: Db | Tx) {
  return db
    .select({ id: roles.id, name: roles.name, display_name: roles.displayName, description: roles.description })
    .from(roles)
    .where(notInArray(roles.name, [...BASE_PRICE_ROLES]))
    .orderBy(asc(roles.id));
}

/** `products/group?id=`: a group's details (GroupDetails in schemas.ts). */
export async function groupDetails(db: Db, id: number): Promise<GroupDetailsRecord> {
  const group = await getGroup(db, id);
  const [linkedProducts, allRoles, rules] = await Promise.all([
    db
      .select({ id: products.id, sku: products.sku, name: products.name, price: products.price, active: products.active })
      .from(groupProducts)
      .innerJoin(products, eq(products.id, groupProducts.productId))
      .where(eq(groupProducts.groupId, id))
      .orderBy(asc(sql`lower(${qualified(products.name)})`), asc(products.id)),
    pricedRoles(db),
    db.select(ruleColumns).from(priceRules).where(eq(priceRules.groupId, id)).orderBy(asc(priceRules.id)),
  ]);
  const linked = new Set(group.role_ids);
  const linkedRoles = allRoles.filter((role) => linked.has(role.id));
  const rulesOf = (roleId: number) => rules.filter((rule) => rule.role_id === roleId);
  return {
    ...group,
    all_products: linkedProducts,
    all_roles: allRoles.map((role) => ({ ...role, is_linked: linked.has(role.id) })),
    role_pricing: linkedRoles.map((role) => {
      const prices = rulesOf(role.id);
      return { ...role, percentile_change: prices[0]?.percentile_change ?? null, rule_id: prices[0]?.id ?? null, prices_array: prices };
    }),
    roles: linkedRoles.map((role) => ({ ...role, prices: rulesOf(role.id) })),
  };
}

/**
 * `products/savegroup`: name and description, and — when given — the linked products and roles
 * become exactly these (duplicates ignored). Unlinking a role removes its price rule.
 */
export async function saveGroup(db: Db, user: CurrentUser, input: GroupInputBody): Promise<{ group: GroupRecord; created: boolean }> {
  const name = input.name.trim();
  if (!name) throw badRequest('name', 'name must not be blank');
  const productIds = input.product_ids ? [...new Set(input.product_ids)] : undefined;
  const roleIds = input.role_ids ? [...new Set(input.role_ids)] : undefined;
  try {
    return await db.transaction(async (tx) => {
      let id: number;
      const fields = { name, description: input.description ?? '' };
      const before = input.id ? await snapshot(tx, productGroups, input.id) : null;
      if (input.id) {
        const [row] = await tx.update(productGroups).set(fields).where(eq(productGroups.id, input.id)).returning({ id: productGroups.id });
        if (!row) throw notFound('Group');
        id = row.id;
      } else {
        [{ id }] = await tx.insert(productGroups).values(fields).returning({ id: productGroups.id });
      }
      if (productIds) {
        await assertAllExist(tx, 'product_ids', products.id, productIds);
        await tx.delete(groupProducts).where(eq(groupProducts.groupId, id));
        if (productIds.length) await tx.insert(groupProducts).values(productIds.map((productId) => ({ groupId: id, productId })));
      }
      if (roleIds) {
        const allowed = new Set((await pricedRoles(tx)).map((role) => role.id));
        if (roleIds.some((roleId) => !allowed.has(roleId))) {
          throw badRequest('role_ids', 'role_ids names a role that does not exist or always sees base prices');
        }
        const unlinked = roleIds.length
          ? and(eq(groupRoles.groupId, id), notInArray(groupRoles.roleId, roleIds))
          : eq(groupRoles.groupId, id);
        await tx.delete(groupRoles).where(unlinked);
        if (roleIds.length) await tx.insert(groupRoles).values(roleIds.map((roleId) => ({ groupId: id, roleId }))).onConflictDoNothing();
      }
      await recordAudit(tx, {
        userId: user.id,
        action: input.id ? 'update_group' : 'create_group',
        entity: 'product_group',
        entityId: id,
        data: { product_ids: productIds, role_ids: roleIds },
        before,
        after: await snapshot(tx, productGroups, id),
      });
      return { group: await getGroup(tx, id), created: !input.id };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'product_groups_name_lower') throw conflict('name', 'Another group already has this name');
    throw error;
  }
}

export async function deleteGroup(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(productGroups).where(eq(productGroups.id, id)).returning();
    if (!row) throw notFound('Group');
    await recordAudit(tx, { userId: user.id, action: 'delete_group', entity: 'product_group', entityId: id, before: row });
  });
}

/**
 * `products/savegrouppricing`: with `id` changes that rule's `percentile_change`; without, adds the
 * rule of a role linked to the group (one rule per group and role: a second is a 409).
 */
export async function savePriceRule(db: Db, user: CurrentUser, input: PriceRuleInputBody): Promise<{ rule: PriceRuleRecord; created: boolean }> {
  if (!isValidPercentileChange(input.percentile_change)) {
    throw badRequest('percentile_change', 'percentile_change must be above -100 and at most 1000, with at most three decimals');
  }
  try {
    return await db.transaction(async (tx) => {
      let rule: PriceRuleRecord | undefined;
      const before = input.id ? await snapshot(tx, priceRules, input.id) : null;
      if (input.id) {
        [rule] = await tx
          .update(priceRules)
          .set({ percentileChange: input.percentile_change })
          .where(and(eq(priceRules.id, input.id), eq(priceRules.groupId, input.group_id), eq(priceRules.roleId, input.role_id)))
          .returning(ruleColumns);
        if (!rule) throw notFound('Price rule');
      } else {
        const [link] = await tx
          .select({ roleId: groupRoles.roleId })
          .from(groupRoles)
          .where(and(eq(groupRoles.groupId, input.group_id), eq(groupRoles.roleId, input.role_id)));
        if (!link) {
          await getGroup(tx, input.group_id);
          throw badRequest('role_id', 'This role is not linked to the group; link it first');
        }
        [rule] = await tx
          .insert(priceRules)
          .values({ groupId: input.group_id, roleId: input.role_id, percentileChange: input.percentile_change })
          .returning(ruleColumns);
      }
      await recordAudit(tx, {
        userId: user.id,
        action: input.id ? 'update_price_rule' : 'create_price_rule',
        entity: 'price_rule',
        entityId: rule.id,
        before,
        after: await snapshot(tx, priceRules, rule.id),
      });
      return { rule, created: !input.id };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'price_rules_group_role') throw conflict('role_id', 'This role already has a price rule in the group');
    throw error;
  }
}

export async function deletePriceRule(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [rule] = await tx.delete(priceRules).where(eq(priceRules.id, id)).returning(ruleColumns);
    if (!rule) throw notFound('Price rule');
    await recordAudit(tx, { userId: user.id, action: 'delete_price_rule', entity: 'price_rule', entityId: id, before: rule });
  });
}
