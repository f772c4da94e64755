import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { leads, registrationAttempts, users } from '../../../db/schema';
import { recordAudit } from '../../../audit/record';
import { HttpError, badRequest } from '../../../http/errors';
import type { ModuleDeps } from '../../deps';
import { queueRequestNotice } from '../membership/mail';
import { assertBranch } from './service';
import { recordConsent } from '../../privacy/consents';
import type { LeadSaveInput } from './schemas';

/** Five registrations from one address within ten minutes (public writes are throttled). */
export const REGISTRATION_WINDOW_MS = 10 * 60 * 1000;
export const MAX_REGISTRATIONS_PER_IP = 5;

/** What the form asks for; the rest of a lead is the company's to decide. */
const required = ['name', 'contact_name', 'email', 'phone', 'client_type'] as const;
const publicFields = new Set<string>([...required, 'branch_id', 'message', 'locale', 'company', 'marketing_consent']);

/** 429 past the limit; every complete form counts, stored or not (a bot trying emails is throttled as much as one that succeeds). */
async function throttle(db: Db, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - REGISTRATION_WINDOW_MS);
  const [{ n }] = await db.select({ n: count() }).from(registrationAttempts).where(and(eq(registrationAttempts.ip, ip), gt(registrationAttempts.at, since)));
  if (n >= MAX_REGISTRATIONS_PER_IP) {
    throw new HttpError(429, 'Too many registrations from your network. Wait 10 minutes and try again.');
  }
  // This address's attempts older than the window no longer count: the table stays small.
  await db.delete(registrationAttempts).where(and(eq(registrationAttempts.ip, ip), lt(registrationAttempts.at, since)));
  await db.insert(registrationAttempts).values({ ip, at: now });
}

function assertRegistration(input: LeadSaveInput): asserts input is LeadSaveInput & Required<Pick<LeadSaveInput, (typeof required)[number]>> {
  for (const key of Object.keys(input)) {
    if (!publicFields.has(key)) throw badRequest(key, `${key} is not a field of the registration form`);
  }
  for (const field of required) {
    const value = input[field];
    if (value === undefined || (typeof value === 'string' && !value.trim())) throw badRequest(field, `${field} is required`);
  }
}

/**
 * The public `crm/savelead` (/register): stores a member request and tells the admins, in one
 * transaction. The answer is the same whether or not the email already asked (one open request
 * per email: a second one changes nothing). The one exception: an email that
 * belongs to a user is refused with a field error, since that person should sign in instead.
 */
export async function register(deps: ModuleDeps, input: LeadSaveInput, ip: string): Promise<void> {
  const now = deps.now();
  // A form with a field error is fixed and sent again without costing an attempt; every look-up
  // of the database (which answers whether an email is a user's) does.
  assertRegistration(input);
  await throttle(deps.db, ip, now);
  const email = input.email.trim();
  const [user] = await deps.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (user) throw badRequest('email', 'An account with this email already exists: sign in, or reset your password');
  await assertBranch(deps.db, input.branch_id);
  await deps.db.transaction(async (tx) => {
    const [lead] = await tx
      .insert(leads)
      .values({
        name: input.name.trim(),
        contactName: input.contact_name.trim(),
        email,
        phone: input.phone.trim(),
        company: input.company?.trim() ?? '',
        message: input.message ?? '',
        clientType: input.client_type,
        branchId: input.branch_id ?? null,
        locale: input.locale ?? 'en',
        source: 'register',
        status: 'new',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: leads.id });
    if (!lead) return;
    await recordAudit(tx, { userId: null, action: 'register', entity: 'lead', entityId: lead.id, data: { email, ip } });
    // Given or not, the answer is recorded with the text the form showed and the address (POPIA):
    // a lead without a given consent is never sent list mail.
    await recordConsent(tx, { subject: { lead_id: lead.id }, given: input.marketing_consent === true, method: 'registration', locale: input.locale ?? 'en', ip, by: null, at: now });
    await queueRequestNotice(tx, deps.publicUrl, {
      id: lead.id,
      name: input.name.trim(),
      contactName: input.contact_name.trim(),
      email,
      phone: input.phone.trim(),
      clientType: input.client_type,
      message: input.message ?? '',
    });
  });
  deps.jobs.wake();
}
