import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { clients, emailTemplates, mailingSends } from '../../../db/schema';
import type { CurrentUser } from '../../../auth/roles';
import { recordAudit } from '../../../audit/record';
import { snapshot } from '../../../audit/snapshot';
import { pagedList, qualified } from '../../../db/queryParts';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { idsCondition, likePattern, orderByOf } from '../../../http/listQuery';
import { queueMail } from '../../../mail/queue';
import type { ModuleDeps } from '../../deps';
import { assertKnownPlaceholders, compileTemplate, exampleValues, renderTemplate, sanitizeBody, valuesFor, type RenderedMail } from './render';
import type { PreviewBody, SaveTemplateBody, TemplateListParams, TemplateRecord } from './schemas';

const sendCount = sql<number>`(select count(*)::int from ${mailingSends} where ${mailingSends.templateId} = ${qualified(emailTemplates.id)})`;
const columns = {
  id: emailTemplates.id,
  name: emailTemplates.name,
  subject: emailTemplates.subject,
  body: emailTemplates.body,
  updated_at: emailTemplates.updatedAt,
  send_count: sendCount,
};
type TemplateRow = Omit<TemplateRecord, 'updated_at'> & { updated_at: Date };
const toRecord = (row: TemplateRow): TemplateRecord => ({ ...row, updated_at: row.updated_at.toISOString() });

export async function listTemplates(db: Db, query: TemplateListParams) {
  const where = and(idsCondition(emailTemplates.id, query.ids), query.q ? sql`${qualified(emailTemplates.name)} ilike ${likePattern(query.q)}` : undefined);
  const sortColumns = { name: sql`lower(${qualified(emailTemplates.name)})`, updated_at: emailTemplates.updatedAt, id: emailTemplates.id };
  const page = await pagedList<TemplateRow>(db, { from: emailTemplates, columns, where, orderBy: orderByOf(sortColumns, query, emailTemplates.id), query });
  return { data: page.data.map(toRecord), total: page.total };
}

export async function getTemplate(db: Db | Tx, id: number): Promise<TemplateRecord> {
  const [row] = await db.select(columns).from(emailTemplates).where(eq(emailTemplates.id, id));
  if (!row) throw notFound('Template');
  return toRecord(row as TemplateRow);
}

/** Name trimmed, placeholders known (400 naming subject or body otherwise), body sanitised. */
function checkedTemplate(input: { subject: string; body: string }): { subject: string; body: string } {
  const subject = input.subject.replace(/[\r\n]+/g, ' ').trim();
  if (!subject) throw badRequest('subject', 'subject is required');
  assertKnownPlaceholders('subject', subject);
  const body = sanitizeBody(input.body).trim();
  if (!body) throw badRequest('body', 'body has no content left once unsafe HTML is removed');
  assertKnownPlaceholders('body', body);
  return { subject, body };
}

/** `crm/savetemplate`: create without id, update with one; the stored body is always the sanitised one. */
export async function saveTemplate(db: Db, user: CurrentUser, input: SaveTemplateBody): Promise<{ template: TemplateRecord; created: boolean }> {
  const name = input.name.trim();
  if (!name) throw badRequest('name', 'name is required');
  const fields = { name, ...checkedTemplate(input) };
  const id = await db.transaction(async (tx) => {
    if (input.id) {
      const before = await snapshot(tx, emailTemplates, input.id);
      const [updated] = await tx
        .update(emailTemplates)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(emailTemplates.id, input.id))
        .returning({ id: emailTemplates.id });
      if (!updated) throw notFound('Template');
      await recordAudit(tx, { userId: user.id, action: 'update_template', entity: 'email_template', entityId: input.id, before, after: await snapshot(tx, emailTemplates, input.id) });
      return input.id;
    }
    const [created] = await tx.insert(emailTemplates).values(fields).returning({ id: emailTemplates.id });
    await recordAudit(tx, { userId: user.id, action: 'create_template', entity: 'email_template', entityId: created.id, after: await snapshot(tx, emailTemplates, created.id) });
    return created.id;
  });
  return { template: await getTemplate(db, id), created: !input.id };
}

/** `crm/deletetemplate`: refused (409) while a send that uses it is running or paused; past sends keep their copy. */
export async function deleteTemplate(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ name: emailTemplates.name }).from(emailTemplates).where(eq(emailTemplates.id, id)).for('update');
    if (!row) throw notFound('Template');
    const [active] = await tx
      .select({ id: mailingSends.id })
      .from(mailingSends)
      .where(and(eq(mailingSends.templateId, id), inArray(mailingSends.status, ['running', 'paused'])))
      .limit(1);
    if (active) throw conflict('id', `send #${active.id} is using this template; cancel it or let it finish first`);
    const before = await snapshot(tx, emailTemplates, id);
    await tx.delete(emailTemplates).where(eq(emailTemplates.id, id));
    await recordAudit(tx, { userId: user.id, action: 'delete_template', entity: 'email_template', entityId: id, before });
  });
}

/** `crm/previewtemplate`: the message as one client (or the examples) would get it, sanitised like the stored body. */
export async function previewTemplate(db: Db, deps: Pick<ModuleDeps, 'publicUrl'>, input: PreviewBody): Promise<RenderedMail> {
  const checked = checkedTemplate(input);
  const compiled = compileTemplate(checked.subject, checked.body);
  if (!input.client_id) return renderTemplate(compiled, exampleValues);
  const [client] = await db.select().from(clients).where(eq(clients.id, input.client_id));
  if (!client) throw badRequest('client_id', 'client_id names a client that does not exist');
  return renderTemplate(compiled, valuesFor(client, { portal: `${deps.publicUrl}/`, unsubscribe: `${deps.publicUrl}/unsubscribe/preview` }));
}

/** `crm/testsendtemplate`: the message with example values, queued to the calling admin. */
export async function testSendTemplate(db: Db, deps: Pick<ModuleDeps, 'publicUrl' | 'jobs'>, user: CurrentUser, input: { subject: string; body: string }) {
  const checked = checkedTemplate(input);
  const values = { ...exampleValues, contact_name: user.name, email: user.email, portal_link: `${deps.publicUrl}/`, unsubscribe_link: `${deps.publicUrl}/unsubscribe/preview` };
  const mail = renderTemplate(compileTemplate(checked.subject, checked.body), values);
  await db.transaction(async (tx) => {
    await queueMail(tx, { to: user.email, subject: `[Test] ${mail.subject}`, html: mail.html, text: mail.text }, { ref: `user:${user.id}` });
    await recordAudit(tx, { userId: user.id, action: 'test_send_template', entity: 'email_template', data: { subject: checked.subject } });
  });
  deps.jobs.wake();
  return { to: user.email };
}
