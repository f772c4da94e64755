import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { clients, leads, users, type LeadClientType } from '../../../db/schema';
import type { CurrentUser } from '../../../auth/roles';
import { recordAudit } from '../../../audit/record';
import { HttpError, badRequest, conflict, notFound } from '../../../http/errors';
import type { ModuleDeps } from '../../deps';
import { translateUnique, writeClient } from '../../clients/service';
import { leadRow } from '../leads/service';
import { queueCompletionMail, queueRejectionMail } from './mail';
import { type MailLocale, mailLocaleOf } from './mailMessages';
import { issueToken } from './tokens';

/** What an approved member is made of: a lead, a row of an import, or the admin's add_member form. */
export interface NewMember {
  type: LeadClientType;
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  branch_id: number | null;
  locale: MailLocale | null;
}

/** 409 naming `email` when the address belongs to a user: that person signs in, no new member is made. */
export async function assertNoUserWithEmail(tx: Db | Tx, email: string): Promise<void> {
  const [user] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  if (user) throw conflict('email', 'a user with this email already exists');
}

/**
 * The approved client (membership 'approved', in the member's language), a completion token and
 * the email with its link, inside the caller's transaction. Shared by approval, add_member and
 * the import so each makes members the same way.
 */
export async function createApprovedMember(tx: Tx, deps: Pick<ModuleDeps, 'publicUrl' | 'membershipTokenDays'>, user: CurrentUser, member: NewMember, now: Date): Promise<number> {
  if (!member.email.trim()) throw badRequest('email', 'email is required: the completion link is emailed');
  await assertNoUserWithEmail(tx, member.email);
  const client = await writeClient(
    tx,
    user,
    {
      type: member.type,
      name: member.name,
      contact_name: member.contact_name,
      email: member.email,
      phone: member.phone,
      branch_id: member.branch_id,
      membership_status: 'approved',
    },
    now,
  );
  if (member.locale) await tx.update(clients).set({ locale: member.locale }).where(eq(clients.id, client.id));
  const token = await issueToken(tx, client.id, now, deps.membershipTokenDays);
  await queueCompletionMail(tx, deps, { id: client.id, name: client.name, contactName: client.contact_name, email: client.email, locale: member.locale }, token);
  return client.id;
}

/** A unique-index failure inside the transaction (a live client with this email) as a 409 naming `email`. */
export async function withClientErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    translateUnique(error);
  }
}

/**
 * `crm/auth_membership`: the lead becomes a client and the member is emailed the completion link,
 * in one transaction. The lead is locked first, so approving twice (even at once) answers the
 * same client and makes nothing new.
 */
export async function approveLead(deps: ModuleDeps, user: CurrentUser, leadId: number): Promise<{ client_id: number }> {
  const now = deps.now();
  const clientId = await withClientErrors(() =>
    deps.db.transaction(async (tx) => {
      const lead = await leadRow(tx, leadId, true);
      if (lead.status === 'converted' && lead.client_id !== null) return lead.client_id;
      const id = await createApprovedMember(
        tx,
        deps,
        user,
        {
          type: lead.client_type,
          name: lead.name,
          contact_name: lead.contact_name,
          email: lead.email,
          phone: lead.phone,
          branch_id: lead.branch_id,
          locale: mailLocaleOf(lead.locale),
        },
        now,
      );
      await tx.update(leads).set({ status: 'converted', clientId: id, rejectReason: null, updatedAt: now }).where(eq(leads.id, leadId));
      await recordAudit(tx, { userId: user.id, action: 'approve_membership', entity: 'lead', entityId: leadId, data: { client_id: id } });
      return id;
    }),
  );
  deps.jobs.wake();
  return { client_id: clientId };
}

/** `crm/add_member`: the admin makes a member directly, as an approval without a lead. */
export async function addMember(deps: ModuleDeps, user: CurrentUser, member: NewMember): Promise<{ client_id: number }> {
  const now = deps.now();
  const clientId = await withClientErrors(() =>
    deps.db.transaction(async (tx) => {
      const id = await createApprovedMember(tx, deps, user, member, now);
      await recordAudit(tx, { userId: user.id, action: 'add_member', entity: 'client', entityId: id, data: { email: member.email } });
      return id;
    }),
  );
  deps.jobs.wake();
  return { client_id: clientId };
}

/** `crm/reject_lead`: the request is lost, with the reason, and the reason is emailed (when there is an address). */
export async function rejectLead(deps: ModuleDeps, user: CurrentUser, leadId: number, reason: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const lead = await leadRow(tx, leadId, true);
    if (lead.status === 'converted') throw conflict('id', 'this lead is already a member');
    await tx.update(leads).set({ status: 'lost', rejectReason: reason.trim(), updatedAt: now }).where(eq(leads.id, leadId));
    await recordAudit(tx, { userId: user.id, action: 'reject_lead', entity: 'lead', entityId: leadId, data: { reason } });
    if (lead.email) {
      await queueRejectionMail(tx, { id: lead.id, name: lead.name, contactName: lead.contact_name, email: lead.email, locale: lead.locale }, reason.trim());
    }
  });
  deps.jobs.wake();
}

/**
 * `crm/send_membership_reminder`: a new completion link for an approved member who has not
 * completed yet; the older link stops working.
 */
export async function sendReminder(deps: ModuleDeps, user: CurrentUser, clientId: number): Promise<{ client_id: number }> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id, name: clients.name, contactName: clients.contactName, email: clients.email, locale: clients.locale, status: clients.membershipStatus })
      .from(clients)
      .where(and(eq(clients.id, clientId), isNull(clients.archivedAt)))
      .for('update');
    if (!client) throw Object.assign(notFound('Client'), { errors: { client_id: 'Client not found' } });
    const [member] = await tx.select({ id: users.id }).from(users).where(eq(users.clientId, clientId)).limit(1);
    if (member || client.status !== 'approved') {
      throw conflict('client_id', 'this member has already completed the membership (or was never approved): there is no link to send');
    }
    if (!client.email) throw badRequest('client_id', 'this member has no email to send the link to');
    const token = await issueToken(tx, clientId, now, deps.membershipTokenDays);
    await queueCompletionMail(tx, deps, client, token);
    await recordAudit(tx, { userId: user.id, action: 'send_membership_reminder', entity: 'client', entityId: clientId });
  });
  deps.jobs.wake();
  return { client_id: clientId };
}
