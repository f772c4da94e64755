import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { clients, membershipTokens, roles } from '../../../db/schema';
import { MIN_PASSWORD_LENGTH } from '../../../auth/passwords';
import type { CurrentUser, RoleName } from '../../../auth/roles';
import { recordAudit } from '../../../audit/record';
import { badRequest, conflict } from '../../../http/errors';
import type { ModuleDeps } from '../../deps';
import { UserInputError, createUser } from '../../auth/createUser';
import { writeMembershipOrder } from '../../orders/membership';
import { queueWelcomeMail } from './mail';
import { isMailLocale } from './mailMessages';
import { activeQuestions, checkAnswers } from './questions';
import { tokenError, usableToken } from './tokens';

/** The client a usable token completes; an archived client's link is as good as forged. */
async function clientOfToken(tx: Db | Tx, clientId: number) {
  const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
  if (!client || client.archivedAt) throw tokenError('invalid');
  return client;
}

/**
 * `crm/completion_data/{token}` (public): who is completing, the active questions with their
 * texts in every language given (the page picks the visitor's), and the member's language.
 */
export async function completionData(db: Db, token: string, now: Date) {
  return db.transaction(async (tx) => {
    const row = await usableToken(tx, token, now);
    const client = await clientOfToken(tx, row.clientId);
    return {
      client: { name: client.name, contact_name: client.contactName, email: client.email, type: client.type },
      questions: await activeQuestions(tx),
      locale: isMailLocale(client.locale) ? client.locale : null,
    };
  });
}

export interface FinaliseInput {
  token: string;
  password: string;
  answers?: Record<string, string>;
}

/**
 * `crm/finalise_membership` (public), one transaction: the member's user (role = the client's
 * type, made by the one createUser), the answers, the token marked used, and the membership order
 * (pending payment). The token row is locked first, so a link sent twice at once completes once;
 * any refusal leaves everything as it was.
 */
export async function finaliseMembership(deps: ModuleDeps, input: FinaliseInput): Promise<{ email: string }> {
  const now = deps.now();
  const email = await deps.db.transaction(async (tx) => {
    const row = await usableToken(tx, input.token, now, true);
    const client = await clientOfToken(tx, row.clientId);
    if (input.password.length < MIN_PASSWORD_LENGTH) {
      throw badRequest('password', `password must have at least ${MIN_PASSWORD_LENGTH} characters`);
    }
    const answers = checkAnswers(await activeQuestions(tx), input.answers ?? {});
    if (client.type === 'admin') throw tokenError('invalid');
    const role: RoleName = client.type;
    const [roleRow] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
    let created: { id: number; email: string };
    try {
      // createUser opens a savepoint inside this transaction: its checks and audit entry are the product's one way of making a user.
      created = await createUser(tx as unknown as Db, { email: client.email, name: client.contactName || client.name, password: input.password, roleId: roleRow.id, clientId: client.id, branchId: client.branchId });
    } catch (error) {
      if (error instanceof UserInputError) {
        throw error.field === 'email' ? conflict('email', 'an account with this email already exists; sign in instead') : badRequest(error.field, error.message);
      }
      throw error;
    }
    await tx.update(clients).set({ questionAnswers: { ...client.questionAnswers, ...answers }, updatedAt: now }).where(eq(clients.id, client.id));
    await tx.update(membershipTokens).set({ usedAt: now }).where(eq(membershipTokens.id, row.id));
    const member: CurrentUser = { id: created.id, name: client.contactName || client.name, email: created.email, role, roleId: roleRow.id, clientId: client.id, tokenVersion: 0 };
    const orderId = await writeMembershipOrder(tx, member, client.id);
    await recordAudit(tx, { userId: created.id, action: 'finalise_membership', entity: 'client', entityId: client.id, data: { order_id: orderId, answers } });
    await queueWelcomeMail(tx, deps.publicUrl, { id: client.id, name: client.name, contactName: client.contactName, email: client.email, locale: client.locale });
    return created.email;
  });
  deps.jobs.wake();
  return { email };
}
