import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { roles, users } from '../../../db/schema';
import type { MailMessage } from '../../../mail/mailer';
import { type QueueMailOptions, queueMail } from '../../../mail/queue';
import { type MailLocale, type MailTemplateName, mailLocaleOf, renderMail } from './mailMessages';
import type { ModuleDeps } from '../../deps';
import { completionLink } from './tokens';

/** Who a membership mail goes to, and in which language. */
export interface MailRecipient {
  id: number;
  name: string;
  contactName: string;
  email: string;
  locale: string | null;
}

/** The message and queue options of one mail of this flow (queued one by one, or many at once by the import). */
function mailOf(
  to: string,
  template: MailTemplateName,
  locale: MailLocale,
  values: Record<string, string | number>,
  options: { link?: string; ref: string; dedupeKey?: string },
): { message: MailMessage; options: QueueMailOptions } {
  return { message: { to, ...renderMail(template, locale, values, options.link) }, options: { ref: options.ref, dedupeKey: options.dedupeKey } };
}

/** Renders and queues one message of this flow in the transaction of the change that causes it. */
async function queueTemplate(
  tx: Tx,
  to: string,
  template: MailTemplateName,
  locale: MailLocale,
  values: Record<string, string | number>,
  options: { link?: string; ref: string; dedupeKey?: string },
): Promise<number | null> {
  const mail = mailOf(to, template, locale, values, options);
  return queueMail(tx, mail.message, mail.options);
}

const greeting = (r: MailRecipient) => ({ name: r.name, contact_name: r.contactName || r.name, email: r.email });

/** The link to /complete/membership/{token}, in the member's language. */
export function completionMail(deps: Pick<ModuleDeps, 'publicUrl' | 'membershipTokenDays'>, client: MailRecipient, token: string) {
  return mailOf(client.email, 'completeMembership', mailLocaleOf(client.locale), { ...greeting(client), days: deps.membershipTokenDays }, {
    link: completionLink(deps.publicUrl, token),
    ref: `client:${client.id}`,
  });
}

export function queueCompletionMail(tx: Tx, deps: Pick<ModuleDeps, 'publicUrl' | 'membershipTokenDays'>, client: MailRecipient, token: string) {
  const mail = completionMail(deps, client, token);
  return queueMail(tx, mail.message, mail.options);
}

/** A rejected request and the admin's reason. */
export function queueRejectionMail(tx: Tx, lead: MailRecipient, reason: string) {
  return queueTemplate(tx, lead.email, 'requestRejected', mailLocaleOf(lead.locale), { ...greeting(lead), reason }, { ref: `lead:${lead.id}` });
}

/** The member's account exists; the membership waits for its fee. */
export function queueWelcomeMail(tx: Tx, publicUrl: string, client: MailRecipient) {
  return queueTemplate(tx, client.email, 'membershipCompleted', mailLocaleOf(client.locale), greeting(client), {
    link: `${publicUrl}/login`,
    ref: `client:${client.id}`,
  });
}

export interface RequestNotice {
  id: number;
  name: string;
  contactName: string;
  email: string;
  phone: string;
  clientType: string;
  message: string;
}

/** Every active admin is told a member request came in (in English: admins keep no language). */
export async function queueRequestNotice(tx: Tx, publicUrl: string, lead: RequestNotice): Promise<void> {
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, 'admin'), eq(users.active, true)));
  const values = { name: lead.name, email: lead.email, contact_name: lead.contactName, phone: lead.phone, type: lead.clientType, message: lead.message };
  for (const admin of admins) {
    await queueTemplate(tx, admin.email, 'requestReceived', 'en', values, { link: `${publicUrl}/member-requests`, ref: `lead:${lead.id}` });
  }
}
