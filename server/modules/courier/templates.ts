import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courierTrackingTemplates } from '../../db/schema';
import { recordAudit } from '../../audit/record';
import type { CurrentUser } from '../../auth/roles';
import { badRequest } from '../../http/errors';
import type { TrackingTemplateRecord } from './schemas';

const WAYBILL_PLACEHOLDER = '{waybill}';

/**
 * The courier's tracking page for a waybill. The waybill is URL-encoded: it is typed by staff or
 * posted by a courier, and must not change where the link goes.
 */
export function trackingUrl(template: string, waybill: string): string {
  return template.split(WAYBILL_PLACEHOLDER).join(encodeURIComponent(waybill));
}

/** Null when `template` may be saved; else why not. Only http(s): the link is an `href` on every order page. */
function templateProblem(template: string): string | null {
  if (!template.includes(WAYBILL_PLACEHOLDER)) return `must contain ${WAYBILL_PLACEHOLDER}`;
  try {
    const url = new URL(trackingUrl(template, 'WAYBILL'));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https address';
  } catch {
    return 'must be an http or https address';
  }
  return null;
}

/** The templates, by courier name. */
export async function listTemplates(db: Db): Promise<TrackingTemplateRecord[]> {
  return db
    .select({ courier: courierTrackingTemplates.courier, url_template: courierTrackingTemplates.urlTemplate })
    .from(courierTrackingTemplates)
    .orderBy(asc(sql`lower(${courierTrackingTemplates.courier})`));
}

/** `courier/savetemplates`: the whole list replaces the old one, in one transaction, audited. */
export async function saveTemplates(db: Db, user: CurrentUser, input: TrackingTemplateRecord[], now: Date): Promise<TrackingTemplateRecord[]> {
  const seen = new Set<string>();
  const next = input.map((row, i) => {
    const courier = row.courier.trim();
    const urlTemplate = row.url_template.trim();
    // Couriers are typed freely on orders, so a name is matched without case: two spellings would be one courier.
    if (seen.has(courier.toLowerCase())) throw badRequest(`templates.${i}.courier`, `templates.${i}.courier: ${courier} is listed twice`);
    seen.add(courier.toLowerCase());
    const problem = templateProblem(urlTemplate);
    if (problem) throw badRequest(`templates.${i}.url_template`, `templates.${i}.url_template ${problem}`);
    return { courier, urlTemplate, updatedAt: now };
  });
  await db.transaction(async (tx) => {
    // Two admins saving at once replace the list one after the other (row locks would miss an empty table).
    await tx.execute(sql`lock table ${courierTrackingTemplates} in exclusive mode`);
    const before = await tx.select({ courier: courierTrackingTemplates.courier, url_template: courierTrackingTemplates.urlTemplate }).from(courierTrackingTemplates);
    await tx.delete(courierTrackingTemplates);
    if (next.length) await tx.insert(courierTrackingTemplates).values(next);
    await recordAudit(tx, {
      userId: user.id,
      action: 'save_courier_templates',
      entity: 'courier_tracking_templates',
      data: { before, after: next.map((row) => ({ courier: row.courier, url_template: row.urlTemplate })) },
    });
  });
  return listTemplates(db);
}
