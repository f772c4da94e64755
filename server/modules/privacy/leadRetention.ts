import { and, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leads } from '../../db/schema';
import { recordAudit } from '../../audit/record';
import { redactAudit } from './redactAudit';
import type { JobHandler, Schedule } from '../../jobs/worker';

export const LEAD_RETENTION_JOB = 'lead_retention';
const DAY = 86400_000;

/** Once a day (UTC) on the whole cluster: the day is the schedule's dedupe key, as for the renewals. */
export const leadRetentionSchedule: Schedule = { kind: LEAD_RETENTION_JOB, keyAt: (now) => now.toISOString().slice(0, 10) };

/**
 * POPIA s14: personal data kept no longer than its purpose needs. A lead that never became a
 * member (no client) and has not changed for `days` days loses its personal fields — name,
 * contact, email, phone, company, message, notes, reason — and is closed as lost (an open
 * registration with a blank email would also clash with the one-open-request-per-email index).
 * The row stays, anonymised, so the pipeline's counts by source and status still add up.
 * Converted leads are left alone: their data lives on in the member (and its own erasure).
 */
export async function anonymiseStaleLeads(db: Db, days: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - days * DAY);
  return db.transaction(async (tx) => {
    const done = await tx
      .update(leads)
      .set({
        name: sql`'Anonymised lead #' || ${leads.id}`,
        contactName: '',
        email: '',
        phone: '',
        company: '',
        message: '',
        notes: '',
        rejectReason: null,
        followUpAt: null,
        status: sql`case when ${leads.status} = 'converted' then ${leads.status} else 'lost' end`,
        anonymisedAt: now,
        updatedAt: now,
      })
      .where(and(isNull(leads.clientId), ne(leads.status, 'converted'), isNull(leads.anonymisedAt), lt(leads.updatedAt, before)))
      .returning({ id: leads.id });
    await redactAudit(tx, 'lead', done.map((lead) => lead.id));
    if (done.length) {
      await recordAudit(tx, { userId: null, action: 'leads_anonymised', entity: 'lead', data: { count: done.length, retention_days: days, ids: done.map((lead) => lead.id) } });
    }
    return done.length;
  });
}

export function leadRetentionHandler(deps: { db: Db; leadRetentionDays: number }): JobHandler {
  return {
    kind: LEAD_RETENTION_JOB,
    async run(_job, now) {
      await anonymiseStaleLeads(deps.db, deps.leadRetentionDays, now);
    },
  };
}
