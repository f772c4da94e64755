import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../i18n/locales';
import { consentWording, wordingFor, type ConsentMethod } from '../../../shared/privacy/consent';
import type { Db, Tx } from '../../db/client';
import { clients, leads, marketingConsents, unsubscribes, users } from '../../db/schema';
import { recordAudit } from '../../audit/record';
import type { CurrentUser } from '../../auth/roles';
import { badRequest, notFound } from '../../http/errors';
import { isMember } from '../clients/access';
import type { ConsentRecord } from './schemas';

export type Subject = { client_id: number } | { lead_id: number };

export interface NewConsent {
  subject: Subject;
  given: boolean;
  method: ConsentMethod;
  locale: Locale;
  ip: string | null;
  note?: string;
  /** The user who recorded it (the member itself, or the admin); null for the public form. */
  by: number | null;
  at: Date;
}

/**
 * Appends one consent (in the caller's transaction, with its audit entry). The wording is looked
 * up here from the language, never taken from the request: a registration stores the checkbox's
 * text whether or not it was ticked (that is what was shown); the member's page and the admin
 * store the text of the choice made.
 */
export async function recordConsent(tx: Tx, consent: NewConsent): Promise<void> {
  const wording = consent.method === 'registration' ? consentWording[consent.locale] : wordingFor(consent.given, consent.locale);
  const subject = 'client_id' in consent.subject ? { clientId: consent.subject.client_id } : { leadId: consent.subject.lead_id };
  const [row] = await tx
    .insert(marketingConsents)
    .values({ ...subject, given: consent.given, method: consent.method, wording, locale: consent.locale, ip: consent.ip, note: consent.note ?? '', recordedBy: consent.by, at: consent.at })
    .returning({ id: marketingConsents.id });
  // A member's own choice decides its list mail, customer or not: a withdrawal unsubscribes it, a
  // consent given again lifts that. A registration (a lead's, not a member's) leaves them alone.
  if ('client_id' in consent.subject && consent.method !== 'registration') {
    const clientId = consent.subject.client_id;
    if (consent.given) await tx.delete(unsubscribes).where(eq(unsubscribes.clientId, clientId));
    else await tx.insert(unsubscribes).values({ clientId, via: 'consent', at: consent.at }).onConflictDoNothing();
  }
  await recordAudit(tx, {
    userId: consent.by,
    action: consent.given ? 'give_marketing_consent' : 'withdraw_marketing_consent',
    entity: 'client_id' in consent.subject ? 'client' : 'lead',
    entityId: 'client_id' in consent.subject ? consent.subject.client_id : consent.subject.lead_id,
    data: { consent_id: row.id, method: consent.method, ip: consent.ip },
  });
}

/**
 * The subject must exist (a client, or a lead): 404 naming which otherwise, before anything is
 * written. A new consent needs a live client; an archived one's history can still be read.
 */
async function assertSubject(db: Db | Tx, subject: Subject, live = true): Promise<void> {
  if ('client_id' in subject) {
    const [row] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, subject.client_id), live ? isNull(clients.archivedAt) : undefined));
    if (!row) throw notFound('Client');
  } else {
    const [row] = await db.select({ id: leads.id }).from(leads).where(eq(leads.id, subject.lead_id));
    if (!row) throw notFound('Lead');
  }
}

/** Exactly one of client_id and lead_id (400 naming the field otherwise). */
export function subjectOf(input: { client_id?: number; lead_id?: number }): Subject {
  if (input.client_id !== undefined && input.lead_id !== undefined) throw badRequest('lead_id', 'Give client_id or lead_id, not both');
  if (input.client_id !== undefined) return { client_id: input.client_id };
  if (input.lead_id !== undefined) return { lead_id: input.lead_id };
  throw badRequest('client_id', 'client_id or lead_id is required');
}

/** A subject's rows: a client's own and those of the leads converted into it. */
function subjectCondition(subject: Subject): SQL | undefined {
  if ('lead_id' in subject) return eq(marketingConsents.leadId, subject.lead_id);
  return or(eq(marketingConsents.clientId, subject.client_id), sql`${marketingConsents.leadId} in (select ${leads.id} from ${leads} where ${leads.clientId} = ${subject.client_id})`);
}

/**
 * A subject's history, newest first (its first row is its current state). A member reads only its
 * own client's (another id answers 404, as if it did not exist) and never a lead's. A member's
 * history includes the consents of the lead it was converted from: that is where it gave them.
 */
export async function consentHistory(db: Db, user: CurrentUser, subject: Subject): Promise<ConsentRecord[]> {
  if (isMember(user) && !('client_id' in subject && subject.client_id === user.clientId)) throw notFound('client_id' in subject ? 'Client' : 'Lead');
  await assertSubject(db, subject, false);
  return consentRows(db, subject);
}

/** A subject's consents, newest first (a member's with those of the lead it came from); no access check. */
export async function consentRows(db: Db | Tx, subject: Subject): Promise<ConsentRecord[]> {
  const rows = await db
    .select({ consent: marketingConsents, by: users.name })
    .from(marketingConsents)
    .leftJoin(users, eq(users.id, marketingConsents.recordedBy))
    .where(subjectCondition(subject))
    .orderBy(desc(marketingConsents.at), desc(marketingConsents.id));
  return rows.map(({ consent, by }) => ({
    id: consent.id,
    given: consent.given,
    method: consent.method,
    wording: consent.wording,
    locale: consent.locale,
    ip: consent.ip,
    note: consent.note,
    recorded_by: by,
    lead_id: consent.leadId,
    at: consent.at.toISOString(),
  }));
}

/** `privacy/myconsent`: the member gives or withdraws its own consent from its page. */
export async function setOwnConsent(db: Db, user: CurrentUser, input: { given: boolean; locale: Locale }, ip: string, now: Date): Promise<ConsentRecord[]> {
  if (user.clientId === null) throw notFound('Client');
  const subject = { client_id: user.clientId };
  await db.transaction(async (tx) => {
    await assertSubject(tx, subject);
    await recordConsent(tx, { subject, given: input.given, method: 'member_page', locale: input.locale, ip, by: user.id, at: now });
  });
  return consentHistory(db, user, subject);
}

/** `privacy/recordconsent`: an admin records what a member or lead said on the phone, with a note. */
export async function recordByAdmin(
  db: Db,
  user: CurrentUser,
  input: { client_id?: number; lead_id?: number; given: boolean; locale: Locale; note: string },
  now: Date,
): Promise<ConsentRecord[]> {
  const subject = subjectOf(input);
  const note = input.note.trim();
  if (!note) throw badRequest('note', 'note is required: say who gave or withdrew consent, and how');
  await db.transaction(async (tx) => {
    await assertSubject(tx, subject);
    await recordConsent(tx, { subject, given: input.given, method: 'admin', locale: input.locale, ip: null, note, by: user.id, at: now });
  });
  return consentHistory(db, user, subject);
}
