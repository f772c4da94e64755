import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { automailSettings, automailTemplates, clientNoticePreferences } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { badRequest, notFound } from '../../http/errors';
import { type AutomailKind, automailKinds, automailPlaceholders, unknownPlaceholders } from '../../../shared/automail/kinds';
import type { MailLocale } from '../../mail/templates';
import { defaultText } from './catalogue';
import { renderAutomail } from './send';
import type { Preferences, SaveTemplateBody } from './schemas';

/** `automail/kinds`: every kind with its switch and the languages an admin reworded. */
export async function listKinds(db: Db) {
  const [settings, overrides] = await Promise.all([
    db.select().from(automailSettings),
    db.select({ kind: automailTemplates.kind, locale: automailTemplates.locale }).from(automailTemplates),
  ]);
  return automailKinds.map((kind) => ({
    kind,
    enabled: settings.find((s) => s.kind === kind)?.enabled ?? true,
    overridden: overrides.filter((o) => o.kind === kind).map((o) => o.locale as MailLocale),
  }));
}

/** `automail/template`: the wording in use for one kind and language, and the default beside it. */
export async function getTemplate(db: Db, kind: AutomailKind, locale: MailLocale) {
  const [stored] = await db
    .select({ subject: automailTemplates.subject, body: automailTemplates.body })
    .from(automailTemplates)
    .where(and(eq(automailTemplates.kind, kind), eq(automailTemplates.locale, locale)));
  const fallback = defaultText(kind, locale);
  return { kind, locale, ...(stored ?? fallback), overridden: Boolean(stored), default: fallback, placeholders: [...automailPlaceholders[kind]] };
}

/** A subject on one line, and no placeholder the kind cannot fill: a 400 naming the field, nothing written. */
function assertTemplateText(kind: AutomailKind, text: { subject: string; body: string }) {
  if (!text.subject.trim()) throw badRequest('subject', 'subject must not be blank');
  if (/[\r\n]/.test(text.subject)) throw badRequest('subject', 'subject must be one line');
  if (!text.body.trim()) throw badRequest('body', 'body must not be blank');
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownPlaceholders(kind, text[field]);
    if (unknown.length) throw badRequest(field, `${field} names unknown placeholders: ${unknown.map((u) => `{${u}}`).join(', ')}`);
  }
}

/** `automail/savetemplate`: the admin's wording of one kind in one language (audited). */
export async function saveTemplate(db: Db, user: CurrentUser, body: SaveTemplateBody, now: Date) {
  assertTemplateText(body.kind, body);
  await db.transaction(async (tx) => {
    const values = { subject: body.subject.trim(), body: body.body.trim(), updatedAt: now };
    await tx
      .insert(automailTemplates)
      .values({ kind: body.kind, locale: body.locale, ...values })
      .onConflictDoUpdate({ target: [automailTemplates.kind, automailTemplates.locale], set: values });
    await recordAudit(tx, { userId: user.id, action: 'save_automail_template', entity: 'automail', entityId: `${body.kind}:${body.locale}`, data: { subject: values.subject } });
  });
  return getTemplate(db, body.kind, body.locale);
}

/** `automail/resettemplate`: back to the default wording (audited; resetting a default is a no-op). */
export async function resetTemplate(db: Db, user: CurrentUser, kind: AutomailKind, locale: MailLocale) {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(automailTemplates)
      .where(and(eq(automailTemplates.kind, kind), eq(automailTemplates.locale, locale)))
      .returning({ kind: automailTemplates.kind });
    if (removed.length) await recordAudit(tx, { userId: user.id, action: 'reset_automail_template', entity: 'automail', entityId: `${kind}:${locale}` });
  });
  return getTemplate(db, kind, locale);
}

/** `automail/setenabled`: a kind's switch (audited). */
export async function setEnabled(db: Db, user: CurrentUser, kind: AutomailKind, enabled: boolean, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .insert(automailSettings)
      .values({ kind, enabled, updatedAt: now })
      .onConflictDoUpdate({ target: automailSettings.kind, set: { enabled, updatedAt: now } });
    await recordAudit(tx, { userId: user.id, action: 'set_automail_enabled', entity: 'automail', entityId: kind, data: { enabled } });
  });
  return { kind, enabled };
}

/** Example values, so the preview reads like a real mail. */
const sample: Record<string, string | number> = {
  name: 'Sunrise Pharmacy',
  contact_name: 'Thandi Mokoena',
  email: 'orders@sunrise.example.com',
  date: '2026-12-31',
  days: 30,
  reference: 'ORD-000123',
  total: 'R 1 234,50',
  status: 'Confirmed',
};

/** `automail/preview`: a draft as the member would get it, rendered and escaped by the sending code. */
export function previewTemplate(body: SaveTemplateBody, publicUrl: string) {
  assertTemplateText(body.kind, body);
  const values = { ...sample, days: body.kind === 'renewal_7' ? 7 : 30 };
  return renderAutomail(body.kind, body.locale, { subject: body.subject, body: body.body }, values, `${publicUrl}/login`);
}

function ownClient(user: CurrentUser): number {
  if (user.clientId === null) throw notFound('Client');
  return user.clientId;
}

const preferenceDefaults: Preferences = { order_confirmation: true, order_status: true, renewal_reminders: true };

/** `automail/preferences`: which notices the member's own client gets (all, until it chooses). */
export async function getPreferences(db: Db, user: CurrentUser): Promise<Preferences> {
  const [row] = await db.select().from(clientNoticePreferences).where(eq(clientNoticePreferences.clientId, ownClient(user)));
  return row ? { order_confirmation: row.orderConfirmation, order_status: row.orderStatus, renewal_reminders: row.renewalReminders } : preferenceDefaults;
}

/** `automail/savepreferences`: the member's choices, as a whole (audited). */
export async function savePreferences(db: Db, user: CurrentUser, body: Preferences, now: Date): Promise<Preferences> {
  const clientId = ownClient(user);
  await db.transaction(async (tx) => {
    const values = { orderConfirmation: body.order_confirmation, orderStatus: body.order_status, renewalReminders: body.renewal_reminders, updatedAt: now };
    await tx.insert(clientNoticePreferences).values({ clientId, ...values }).onConflictDoUpdate({ target: clientNoticePreferences.clientId, set: values });
    await recordAudit(tx, { userId: user.id, action: 'save_notice_preferences', entity: 'client', entityId: clientId, data: { ...body } });
  });
  return getPreferences(db, user);
}
