import { sql } from 'drizzle-orm';
import { OPEN_LINK, emailTemplates, mailingDeliveries, mailingEngagementHourly, mailingLinks, mailingListClients, mailingLists, mailingSends } from '../schema';
import type { DemoContext } from './demo';

const DAY = 86400_000;

/** Bodies as the rich editor saves them (sanitised HTML with placeholders). */
const templates = {
  welcome: {
    name: 'Welcome to the portal',
    subject: 'Welcome, {{client_name}}',
    body: '<h2>Welcome, {{contact_name}}</h2><p>{{client_name}} is now a member. Order, follow your deliveries and see your prices on <a href="{{portal_link}}">the members portal</a>.</p><p>Questions? Just reply to this email.</p><p><a href="{{unsubscribe_link}}">Unsubscribe</a></p>',
  },
  renewal: {
    name: 'Membership renewal reminder',
    subject: 'Your membership ends on {{membership_expires_at}}',
    body: '<p>Dear {{contact_name}},</p><p>The membership of <strong>{{client_name}}</strong> ends on <strong>{{membership_expires_at}}</strong>. Renew it in <a href="{{portal_link}}">the portal</a> to keep your member prices.</p><p><a href="{{unsubscribe_link}}">Unsubscribe</a></p>',
  },
  newsletter: {
    name: 'Monthly newsletter',
    subject: 'News for {{client_name}}: the summer range is here',
    body: '<h1>The summer range is here</h1><p>Hello {{contact_name}},</p><ul><li>10% off display stands until the end of the month</li><li>New catalogue out now</li></ul><blockquote>Stockists who order before the 15th get free delivery.</blockquote><p><a href="{{portal_link}}">Open the portal</a></p><p><a href="{{unsubscribe_link}}">Unsubscribe</a></p>',
  },
};

/**
 * The mailing demo: three templates, two lists of demo clients (the active members; the stockists)
 * and one past send of the renewal reminder to the stockists, so the screens have something to show.
 */
export async function seedMailing({ tx, userIds }: DemoContext): Promise<void> {
  const [, renewal] = await tx.insert(emailTemplates).values([templates.welcome, templates.renewal, templates.newsletter]).returning();
  const [active, stockists] = await tx
    .insert(mailingLists)
    .values([
      { name: 'Active members', description: 'Every member whose membership is active' },
      { name: 'Stockists', description: 'Shops that stock the range' },
    ])
    .returning();
  await tx.execute(sql`insert into ${mailingListClients} (list_id, client_id)
    select ${active.id}, id from clients where membership_status = 'active' and type <> 'admin' and archived_at is null and email <> ''`);
  await tx.execute(sql`insert into ${mailingListClients} (list_id, client_id)
    select ${stockists.id}, id from clients where type = 'stockist' and archived_at is null and email <> ''`);

  const sentAt = new Date(Date.now() - 7 * DAY);
  const [send] = await tx
    .insert(mailingSends)
    .values({
      listId: stockists.id,
      templateId: renewal.id,
      listName: stockists.name,
      templateName: renewal.name,
      subject: renewal.subject,
      body: renewal.body,
      status: 'done',
      createdBy: userIds.admin,
      createdAt: sentAt,
      startedAt: sentAt,
      finishedAt: new Date(sentAt.getTime() + 2000),
    })
    .returning();
  await tx.execute(sql`insert into ${mailingDeliveries} (send_id, client_id, email, status, attempts, sent_at)
    select ${send.id}, m.client_id, c.email, 'sent', 1, ${sentAt}
    from ${mailingListClients} m join clients c on c.id = m.client_id where m.list_id = ${stockists.id}`);
  await tx.execute(sql`update ${mailingDeliveries} set message_id = '<delivery-' || id || '@localhost>' where send_id = ${send.id}`);
  await tx.execute(sql`update ${mailingSends} set
      total = (select count(*) from ${mailingDeliveries} where send_id = ${send.id}),
      sent = (select count(*) from ${mailingDeliveries} where send_id = ${send.id})
    where id = ${send.id}`);
  await seedEngagement(tx, send.id, sentAt);
}

/**
 * The past send's opens and clicks over its first hours (counted without names, the
 * default), so its report has a chart and a link to show. The tracked link is the portal link, at
 * the address config.ts gives PUBLIC_URL by default (demo data never goes to production).
 */
async function seedEngagement(tx: DemoContext['tx'], sendId: number, sentAt: Date): Promise<void> {
  const portal = `${process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`}/`;
  await tx.insert(mailingLinks).values({ sendId, idx: 0, url: portal });
  const hour = (n: number) => new Date(Math.floor(sentAt.getTime() / 3_600_000) * 3_600_000 + n * 3_600_000);
  const opens = [5, 3, 2, 1, 0, 1];
  const clicks = [2, 1, 0, 0, 0, 1];
  await tx.insert(mailingEngagementHourly).values([
    ...opens.flatMap((hits, n) => (hits ? [{ sendId, kind: 'open' as const, linkIdx: OPEN_LINK, hour: hour(n), hits }] : [])),
    ...clicks.flatMap((hits, n) => (hits ? [{ sendId, kind: 'click' as const, linkIdx: 0, hour: hour(n), hits }] : [])),
  ]);
}
