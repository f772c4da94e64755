import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { privacySettings } from '../../db/schema';
import { recordAudit } from '../../audit/record';
import type { CurrentUser } from '../../auth/roles';
import type { Officer } from './schemas';

/** The information officer as the privacy page shows it; empty strings until the admin names one. */
export async function getOfficer(db: Db): Promise<Officer> {
  const [row] = await db.select().from(privacySettings).where(eq(privacySettings.id, 1));
  return { name: row?.officerName ?? '', email: row?.officerEmail ?? '', phone: row?.officerPhone ?? '' };
}

/** `privacy/saveofficer`: the three fields, with the audit entry of what changed. */
export async function saveOfficer(db: Db, user: CurrentUser, input: Officer, now: Date): Promise<Officer> {
  const next = { name: input.name.trim(), email: input.email.trim(), phone: input.phone.trim() };
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(privacySettings).where(eq(privacySettings.id, 1)).for('update');
    const before = { name: row?.officerName ?? '', email: row?.officerEmail ?? '', phone: row?.officerPhone ?? '' };
    const values = { officerName: next.name, officerEmail: next.email, officerPhone: next.phone, updatedAt: now };
    await tx.insert(privacySettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: privacySettings.id, set: values });
    await recordAudit(tx, { userId: user.id, action: 'save_information_officer', entity: 'privacy_settings', entityId: 1, before, after: next });
  });
  return next;
}
