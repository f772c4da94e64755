import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { queueMail } from '../../mail/queue';
import { type AutomailKind, preferenceOf } from '../../../shared/automail/kinds';
import { type MailLocale, type RenderedMail, type Template, mailLocaleOf, mailLocales, renderTemplate } from '../../mail/templates';
import { automailDefaults } from './catalogue';

/** An admin's stored wording as a template: its paragraphs, and the default's button label. */
export function templateOf(kind: AutomailKind, locale: MailLocale, override: { subject: string; body: string } | null): Template {
  const fallback = automailDefaults[kind][locale];
  if (!override) return fallback;
  const paragraphs = override.body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return { subject: override.subject, paragraphs, action: fallback.action };
}

export function renderAutomail(
  kind: AutomailKind,
  locale: MailLocale,
  override: { subject: string; body: string } | null,
  values: Record<string, string | number>,
  link?: string,
): RenderedMail {
  return renderTemplate(templateOf(kind, locale, override), locale, values, link);
}

export interface AutomaticMail {
  kind: AutomailKind;
  clientId: number;
  /**
   * Values beside the member's own (name, contact_name, email), which are read here; a function
   * gives the value in the member's language (an order status's name).
   */
  values?: Record<string, string | number | ((locale: MailLocale) => string)>;
  link?: string;
  /**
   * Names the event, so the mail goes once per event whoever queues it, however often: a retried
   * request, a second instance, a restart after kill -9 all meet the same key in `jobs`.
   */
  dedupeKey: string;
  ref: string;
}

interface Recipient {
  email: string;
  name: string;
  contact_name: string;
  locale: string | null;
  enabled: boolean;
  wanted: boolean | null;
  subject: string | null;
  body: string | null;
}

/**
 * Queues one automatic mail in the caller's transaction (the event's own), unless its kind is
 * switched off, the member chose not to get it, or the member has no address. It is written in the
 * member's language, in the admin's wording for that language when there is one. One statement
 * reads all of that: the event's transaction is held no longer than it must be. Answers the job id,
 * or null when nothing was queued (or the key was already taken).
 */
export async function queueAutomaticMail(tx: Db | Tx, mail: AutomaticMail): Promise<number | null> {
  const preference = preferenceOf(mail.kind);
  const wanted = preference ? sql`(select ${sql.identifier(preference)} from client_notice_preferences p where p.client_id = c.id)` : sql`null::boolean`;
  const locales = sql.join(
    mailLocales.map((l) => sql`${l}`),
    sql`, `,
  );
  const [row] = rowsOf<Recipient>(
    await tx.execute(sql`
      select c.email, c.name, c.contact_name, c.locale,
             coalesce((select s.enabled from automail_settings s where s.kind = ${mail.kind}), true) as enabled,
             ${wanted} as wanted, t.subject, t.body
      from clients c
      left join automail_templates t
        on t.kind = ${mail.kind} and t.locale = case when c.locale in (${locales}) then c.locale else 'en' end
      where c.id = ${mail.clientId}`),
  );
  if (!row || !row.enabled || row.wanted === false || !row.email) return null;
  const locale = mailLocaleOf(row.locale);
  const override = row.subject !== null && row.body !== null ? { subject: row.subject, body: row.body } : null;
  const values: Record<string, string | number> = { name: row.name, contact_name: row.contact_name || row.name, email: row.email };
  for (const [key, value] of Object.entries(mail.values ?? {})) values[key] = typeof value === 'function' ? value(locale) : value;
  const rendered = renderAutomail(mail.kind, locale, override, values, mail.link);
  return queueMail(tx, { to: row.email, ...rendered }, { ref: mail.ref, dedupeKey: mail.dedupeKey });
}
