import { and, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { clients } from '../../../db/schema';
import { recordAudit } from '../../../audit/record';
import type { JobHandler, Schedule } from '../../../jobs/worker';
import { queueRenewalReminder } from './mail';

export const RENEWALS_JOB = 'membership_renewals';
const DAY = 86400_000;
/** The reminders before an expiry, latest first: a run that finds 5 days left sends the 7-day one only. */
const REMINDER_DAYS = [7, 30] as const;

/** Once a day (UTC) on the whole cluster, as soon as the day starts. */
export const renewalSchedule: Schedule = { kind: RENEWALS_JOB, keyAt: (now) => now.toISOString().slice(0, 10) };

/**
 * The daily renewal run, one transaction: memberships past their date become expired, and every
 * active one ending within 30 days gets its reminder. A reminder's dedupe key (client, expiry
 * date, 30 or 7) makes each go once, however often the run repeats; an early renewal moves the
 * expiry date and so starts a fresh pair.
 */
export async function runRenewals(db: Db, publicUrl: string, now: Date): Promise<{ expired: number; reminded: number }> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(clients)
      .set({ membershipStatus: 'expired', updatedAt: now })
      .where(and(eq(clients.membershipStatus, 'active'), lte(clients.membershipExpiresAt, now), isNull(clients.archivedAt)))
      .returning({ id: clients.id, expiresAt: clients.membershipExpiresAt });
    for (const client of expired) {
      await recordAudit(tx, { userId: null, action: 'membership_expired', entity: 'client', entityId: client.id, data: { expires_at: client.expiresAt?.toISOString() } });
    }
    const ending = await tx
      .select({ id: clients.id, name: clients.name, contactName: clients.contactName, email: clients.email, locale: clients.locale, expiresAt: clients.membershipExpiresAt })
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
    let reminded = 0;
    for (const client of ending) {
      const left = client.expiresAt!.getTime() - now.getTime();
      const days = REMINDER_DAYS.find((d) => left <= d * DAY)!;
      if ((await queueRenewalReminder(tx, publicUrl, client, client.expiresAt!, days)) !== null) reminded++;
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
