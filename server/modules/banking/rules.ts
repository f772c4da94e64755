import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankRules, clients } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { badRequest, notFound } from '../../http/errors';
import { looseText } from '../../../shared/banking/text';
import { announce } from './announce';
import type { SaveRuleBody } from './wire';

const ruleColumns = { id: bankRules.id, pattern: bankRules.pattern, client_id: bankRules.clientId, client_name: clients.name, ignore: bankRules.ignore };

export async function listRules(db: Db) {
  const data = await db.select(ruleColumns).from(bankRules).leftJoin(clients, eq(clients.id, bankRules.clientId)).orderBy(asc(bankRules.id));
  return { data, total: data.length };
}

/** A rule: text in a line → a client, or → ignore. Exactly one of the two. */
export async function saveRule(db: Db, user: CurrentUser, body: SaveRuleBody) {
  const ignore = body.ignore === true;
  if (ignore === (body.client_id !== undefined)) throw badRequest('client_id', 'A rule names a client_id or says ignore: true (one of the two)');
  if (looseText(body.pattern).length < 3) throw badRequest('pattern', 'pattern needs at least three letters or digits');
  const id = await db.transaction(async (tx) => {
    if (body.client_id !== undefined) {
      const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, body.client_id));
      if (!client) throw Object.assign(notFound('Client'), { errors: { client_id: 'Client not found' } });
    }
    const [rule] = await tx.insert(bankRules).values({ pattern: body.pattern.trim(), clientId: body.client_id ?? null, ignore, createdBy: user.id }).returning({ id: bankRules.id });
    await announce(tx, 'bank-rules', 'created', rule.id);
    await recordAudit(tx, { userId: user.id, action: 'save_bank_rule', entity: 'bank_rule', entityId: rule.id, data: { pattern: body.pattern, client_id: body.client_id ?? null, ignore } });
    return rule.id;
  });
  const [rule] = await db.select(ruleColumns).from(bankRules).leftJoin(clients, eq(clients.id, bankRules.clientId)).where(eq(bankRules.id, id));
  return rule;
}

export async function deleteRule(db: Db, user: CurrentUser, id: number) {
  await db.transaction(async (tx) => {
    const [rule] = await tx.delete(bankRules).where(eq(bankRules.id, id)).returning();
    if (!rule) throw Object.assign(notFound('Rule'), { errors: { id: 'Rule not found' } });
    await announce(tx, 'bank-rules', 'deleted', id);
    await recordAudit(tx, { userId: user.id, action: 'delete_bank_rule', entity: 'bank_rule', entityId: id, data: { pattern: rule.pattern, client_id: rule.clientId, ignore: rule.ignore } });
  });
  return { id };
}
