import { and, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { clients } from '../../../db/schema';
import { recordAudit } from '../../../audit/record';
import type { JobHandler, Schedule } from '../../../jobs/worker';
import { queueRenewalMail } from '../../automail/events';

export const RENEWALS_JOB = 'membership_renewals';
const DAY = 86400_000;
/** The reminders before an expiry, latest first: a run that finds 5 days left sends the 7-day one only. */
const REMINDER_DAYS = [7, 30] as const;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Once a day (UTC) on the whole cluster, as soon as the day starts. */
export const renewalSchedule: Schedule = { kind: RENEWALS_JOB, keyAt: (now) => now.toISOString().slice(0, 10) };

/**
 * The daily renewal run, one transaction: memberships past their date become expired, and every
 * active one ending within 30 days gets its reminder; one ending today (UTC), or expired by this
 * run, gets the day's notice. A reminder's dedupe key (client, expiry date, 30, 7 or 0)
 * makes each go once, however often the run repeats; an early renewal moves the expiry date and
 * so starts a fresh set.
 */
export async function runRenewals(db: Db, publicUrl: string, now: Date): Promise<{ expired: number; reminded: number }> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(clients)
      .set({ membershipStatus: 'expired', updatedAt: now })
      .where(and(eq(clients.membershipStatus, 'active'), lte(clients.membershipExpiresAt, now), isNull(clients.archivedAt)))
      .returning({ id: clients.id, expiresAt: clients.membershipExpiresAt });
    let reminded = 0;
    for (const client of expired) {
      await recordAudit(tx, { userId: null, action: 'membership_expired', entity: 'client', entityId: client.id, data: { expires_at: client.expiresAt?.toISOString() } });
      if (client.expiresAt && (await queueRenewalMail(tx, publicUrl, client.id, client.expiresAt, 0)) !== null) reminded++;
    }
    const ending = await tx
      .select({ id: clients.id, expiresAt: clients.membershipExpiresAt })
      .from(clients)
      .where(
        and(
          eq(clients.membershipStatus, 'active'),
          gt(clients.membershipExpiresAt, now),
          lte(clients.membershipExpiresAt, new Date(now.getTime() + 30 * DAY)),
          isNull(clients.archivedAt),
          ne(clients.email, ''),
        ),
      );
    for (const client of ending) {
      const left = client.expiresAt!.getTime() - now.getTime();
      const days = dayOf(client.expiresAt!) === dayOf(now) ? 0 : REMINDER_DAYS.find((d) => left <= d * DAY)!;
      if ((await queueRenewalMail(tx, publicUrl, client.id, client.expiresAt!, days)) !== null) reminded++;
    }
    return { expired: expired.length, reminded };
  });
}

export function renewalJobHandler(deps: { db: Db; publicUrl: string }): JobHandler {
  return {
    kind: RENEWALS_JOB,
    async run(_job, now) {
      await runRenewals(deps.db, deps.publicUrl, now);
    },
  };
}
