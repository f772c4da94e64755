import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { nameSearch, pagedList, qualified } from '../../db/queryParts';
import type { Db, Tx } from '../../db/client';
import { orderLines, properties, propertyValues } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { uniqueViolation } from '../../db/uniqueViolation';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { idsCondition, orderByOf } from '../../http/listQuery';
import type { PropertyInputBody, PropertyListParams, PropertyRecord, ValueInput } from './schemas';

const propertyColumns = {
  id: properties.id,
  name: properties.name,
  values: sql<{ id: number; value: string }[]>`coalesce((
    select json_agg(json_build_object('id', ${qualified(propertyValues.id)}, 'value', ${qualified(propertyValues.value)}) order by ${qualified(propertyValues.id)})
    from ${propertyValues} where ${qualified(propertyValues.propertyId)} = ${qualified(properties.id)}
  ), '[]'::json)`,
};

export function listProperties(db: Db, query: PropertyListParams) {
  return pagedList<PropertyRecord>(db, {
    from: properties,
    columns: propertyColumns,
    where: and(idsCondition(properties.id, query.ids), nameSearch(properties.name, query.q)),
    orderBy: orderByOf({ name: sql`lower(${qualified(properties.name)})`, id: properties.id }, query, properties.id),
    query,
  });
}

export async function getProperty(tx: Db | Tx, id: number): Promise<PropertyRecord> {
  const [row] = await tx.select(propertyColumns).from(properties).where(eq(properties.id, id));
  if (!row) throw notFound('Property');
  return row as PropertyRecord;
}

/**
 * Property values chosen on order lines: they are kept when a property's value set is replaced,
 * so an order always shows what was ordered.
 */
export async function propertyValuesInUse(tx: Tx, valueIds: number[]): Promise<Set<number>> {
  if (valueIds.length === 0) return new Set();
  const ids = sql`array[${sql.join(valueIds.map((id) => sql`${id}::integer`), sql`, `)}]`;
  const rows = await tx.execute(sql`
    select distinct v.id from unnest(${ids}) as v(id)
    where exists (select 1 from ${orderLines} where ${orderLines.propertyValueIds} @> array[v.id])`);
  return new Set((rows as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id)));
}

/**
 * `savepropertyvalues`: the property's values become `values` — entries with an id are renamed,
 * without one added, the others removed (and unpicked from products) unless in use on orders.
 */
async function replaceValues(tx: Tx, propertyId: number, values: ValueInput[]): Promise<void> {
  const seen = new Set<string>();
  values.forEach((entry, i) => {
    const key = entry.value.trim().toLowerCase();
    if (!key) throw badRequest(`values.${i}.value`, 'A value must not be blank');
    if (seen.has(key)) throw badRequest(`values.${i}.value`, `The value "${entry.value.trim()}" is listed twice`);
    seen.add(key);
  });
  const current = await tx.select({ id: propertyValues.id }).from(propertyValues).where(eq(propertyValues.propertyId, propertyId));
  const currentIds = new Set(current.map((row) => row.id));
  values.forEach((entry, i) => {
    if (entry.id !== undefined && !currentIds.has(entry.id)) throw badRequest(`values.${i}.id`, 'This value does not belong to the property');
  });
  const keptIds = values.flatMap((entry) => (entry.id === undefined ? [] : [entry.id]));
  const dropped = [...currentIds].filter((id) => !keptIds.includes(id));
  const inUse = await propertyValuesInUse(tx, dropped);
  const removable = dropped.filter((id) => !inUse.has(id));
  if (removable.length) await tx.delete(propertyValues).where(inArray(propertyValues.id, removable));
  // Renames go through a placeholder first, so swapping two values' texts never trips the unique index.
  const renamed = values.filter((entry) => entry.id !== undefined);
  for (const entry of renamed) {
    await tx.update(propertyValues).set({ value: `\u0001renaming ${entry.id}` }).where(eq(propertyValues.id, entry.id!));
  }
  for (const entry of renamed) {
    await tx.update(propertyValues).set({ value: entry.value.trim() }).where(eq(propertyValues.id, entry.id!));
  }
  const added = values.filter((entry) => entry.id === undefined);
  if (added.length) await tx.insert(propertyValues).values(added.map((entry) => ({ propertyId, value: entry.value.trim() })));
}

function asConflict(error: unknown): unknown {
  const index = uniqueViolation(error);
  if (index === 'properties_name_lower') return conflict('name', 'Another property already has this name');
  if (index === 'property_values_property_value') return conflict('values', 'This property already has that value');
  return error;
}

export async function saveProperty(db: Db, user: CurrentUser, input: PropertyInputBody): Promise<{ property: PropertyRecord; created: boolean }> {
  const name = input.name.trim();
  if (!name) throw badRequest('name', 'name must not be blank');
  try {
    return await db.transaction(async (tx) => {
      let id: number;
      const before = input.id ? await getProperty(tx, input.id) : null;
      if (input.id) {
        const [row] = await tx.update(properties).set({ name }).where(eq(properties.id, input.id)).returning({ id: properties.id });
        if (!row) throw notFound('Property');
        id = row.id;
      } else {
        [{ id }] = await tx.insert(properties).values({ name }).returning({ id: properties.id });
      }
      if (input.values) await replaceValues(tx, id, input.values);
      const after = await getProperty(tx, id);
      await recordAudit(tx, { userId: user.id, action: input.id ? 'update_property' : 'create_property', entity: 'property', entityId: id, before, after });
      return { property: after, created: !input.id };
    });
  } catch (error) {
    throw asConflict(error);
  }
}

export async function savePropertyValues(db: Db, user: CurrentUser, propertyId: number, values: ValueInput[]): Promise<PropertyRecord> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update');
      if (!row) throw notFound('Property');
      const before = await getProperty(tx, propertyId);
      await replaceValues(tx, propertyId, values);
      const after = await getProperty(tx, propertyId);
      await recordAudit(tx, { userId: user.id, action: 'save_property_values', entity: 'property', entityId: propertyId, before, after });
      return after;
    });
  } catch (error) {
    throw asConflict(error);
  }
}

export async function deleteProperty(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: properties.id, name: properties.name }).from(properties).where(eq(properties.id, id)).for('update');
    if (!row) throw notFound('Property');
    const values = await tx.select({ id: propertyValues.id }).from(propertyValues).where(eq(propertyValues.propertyId, id)).orderBy(asc(propertyValues.id));
    if ((await propertyValuesInUse(tx, values.map((v) => v.id))).size > 0) {
      throw new HttpError(409, 'Values of this property are on orders; it cannot be deleted', { id: 'Values of this property are on orders' });
    }
    await tx.delete(properties).where(eq(properties.id, id));
    await recordAudit(tx, { userId: user.id, action: 'delete_property', entity: 'property', entityId: id, data: { name: row.name } });
  });
}

