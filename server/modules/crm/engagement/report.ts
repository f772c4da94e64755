import { eq, sql } from 'drizzle-orm';
import type { SendReport } from '../../../../shared/mailing/engagement';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { mailingSends } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { tieToMembers } from './settings';

/** `crm/sendreport`: a send's delivered, bounced, opened, clicked and unsubscribed figures, per hour and per link. */
export async function sendReport(db: Db, id: number): Promise<SendReport> {
  const [send] = await db.select().from(mailingSends).where(eq(mailingSends.id, id));
  if (!send) throw notFound('Send');
  // unique_opened: the recipients who opened the mail at least once. A click on one of its links
  // counts as opening it: mail clients that hold back images never load the open pixel, yet their
  // readers clicked through, and a report with more members clicking than opening reads as wrong.
  const [[figures], hours, links, tied] = await Promise.all([
    db.execute(sql`select
        (select count(distinct email)::int from mail_bounces where send_id = ${id} and type in ('hard', 'soft')) as bounced,
        (select count(*)::int from unsubscribes where send_id = ${id}) as unsubscribed,
        (select coalesce(sum(hits), 0)::int from mailing_engagement_hourly where send_id = ${id} and kind = 'open') as opened,
        (select coalesce(sum(hits), 0)::int from mailing_engagement_hourly where send_id = ${id} and kind = 'click') as clicked,
        (select count(distinct delivery_id)::int from mailing_engagement_members where send_id = ${id}) as unique_opened,
        (select count(distinct delivery_id)::int from mailing_engagement_members where send_id = ${id} and kind = 'click') as unique_clicked`).then(
      (r) => rowsOf<{ bounced: number; unsubscribed: number; opened: number; clicked: number; unique_opened: number; unique_clicked: number }>(r),
    ),
    db
      .execute(sql`select hour, coalesce(sum(hits) filter (where kind = 'open'), 0)::int as opens, coalesce(sum(hits) filter (where kind = 'click'), 0)::int as clicks
        from mailing_engagement_hourly where send_id = ${id} group by hour order by hour`)
      .then((r) => rowsOf<{ hour: Date | string; opens: number; clicks: number }>(r)),
    db
      .execute(sql`select l.idx, l.url,
          (select coalesce(sum(h.hits), 0)::int from mailing_engagement_hourly h where h.send_id = l.send_id and h.kind = 'click' and h.link_idx = l.idx) as clicks,
          (select count(*)::int from mailing_engagement_members m where m.send_id = l.send_id and m.kind = 'click' and m.link_idx = l.idx) as unique_clicks
        from mailing_links l where l.send_id = ${id} order by l.idx`)
      .then((r) => rowsOf<{ idx: number; url: string; clicks: number; unique_clicks: number }>(r)),
    tieToMembers(db),
  ]);
  // Unique counts say something only when members were recorded at all (the setting is or was on).
  const perMember = tied || figures.unique_opened > 0 || figures.unique_clicked > 0;
  return {
    id: send.id,
    subject: send.subject,
    mailing_list_name: send.listName,
    template_name: send.templateName,
    status: send.status,
    started_at: send.startedAt?.toISOString() ?? null,
    delivered: Math.max(0, send.sent - figures.bounced),
    bounced: figures.bounced,
    opened: figures.opened,
    unique_opened: perMember ? figures.unique_opened : null,
    clicked: figures.clicked,
    unique_clicked: perMember ? figures.unique_clicked : null,
    unsubscribed: figures.unsubscribed,
    tied_to_members: tied,
    hours: hours.map((h) => ({ hour: new Date(h.hour).toISOString(), opens: h.opens, clicks: h.clicks })),
    links: links.map((l) => ({ idx: l.idx, url: l.url, clicks: l.clicks, unique_clicks: perMember ? l.unique_clicks : null })),
  };
}
