import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { mailingSettings } from '../../../db/schema';
import { recordAudit } from '../../../audit/record';
import type { CurrentUser } from '../../../auth/roles';

export interface EngagementSettings {
  tie_engagement_to_members: boolean;
}

/** Whether opens and clicks are recorded per member; off when the row is missing (the default). */
export async function tieToMembers(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ tie: mailingSettings.tieEngagementToMembers }).from(mailingSettings).where(eq(mailingSettings.id, 1));
  return row?.tie ?? false;
}

export async function getEngagementSettings(db: Db): Promise<EngagementSettings> {
  return { tie_engagement_to_members: await tieToMembers(db) };
}

/** `crm/saveengagementsettings`: the setting and its audit entry, in one transaction. */
export async function saveEngagementSettings(db: Db, user: CurrentUser, body: EngagementSettings, now: Date): Promise<EngagementSettings> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ tie: mailingSettings.tieEngagementToMembers }).from(mailingSettings).where(eq(mailingSettings.id, 1)).for('update');
    await tx
      .insert(mailingSettings)
      .values({ id: 1, tieEngagementToMembers: body.tie_engagement_to_members, updatedAt: now })
      .onConflictDoUpdate({ target: mailingSettings.id, set: { tieEngagementToMembers: body.tie_engagement_to_members, updatedAt: now } });
    await recordAudit(tx, {
      userId: user.id,
      action: 'update_engagement_settings',
      entity: 'mailing_settings',
      entityId: 1,
      before: { tie_engagement_to_members: before?.tie ?? false },
      after: { tie_engagement_to_members: body.tie_engagement_to_members },
    });
    return { tie_engagement_to_members: body.tie_engagement_to_members };
  });
}
