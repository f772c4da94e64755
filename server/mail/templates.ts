import type { Locale } from '../../i18n/locales';
import { escapeHtml } from './escape';

/**
 * The languages of the portal (i18n/locales.ts), listed here rather than imported so the server
 * bundle does not pull in the SPA's message chunks; `satisfies` keeps the two lists the same words.
 */
export const mailLocales = ['en', 'ar', 'es', 'fr', 'zh'] as const satisfies readonly Locale[];
export type MailLocale = (typeof mailLocales)[number];

export const isMailLocale = (value: unknown): value is MailLocale => mailLocales.includes(value as MailLocale);
/** A stored locale (possibly null or unknown) as one we write mail in; English otherwise. */
export const mailLocaleOf = (value: string | null | undefined): MailLocale => (isMailLocale(value) ? value : 'en');

/**
 * The language of mail to someone with no stored language, from a request's Accept-Language
 * ("fr-FR,fr;q=0.9,en;q=0.8"): the most wanted of ours, by q then order; English when none is.
 */
export function mailLocaleFromAcceptLanguage(header: string | undefined): MailLocale {
  const wanted = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: tag.trim().split('-')[0].toLowerCase(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.q > 0 && isMailLocale(entry.language))
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return wanted.length > 0 ? (wanted[0].language as MailLocale) : 'en';
}

/**
 * One message: a subject, paragraphs, and optionally a link. Values are inserted with `{name}`
 * placeholders; the HTML part escapes them, the text part keeps them as they are.
 */
export interface Template {
  subject: string;
  paragraphs: string[];
  /** The label of the link's button (HTML) or the line before it (text). */
  action?: string;
}

export type Catalogue = Record<MailLocale, Template>;

/**
 * The wording lives in i18n/ one file per language (each a set of messages by name); the senders
 * look a message up by name, then language: this turns the one shape into the other.
 */
export function cataloguesOf<Name extends string>(byLocale: Record<MailLocale, Record<Name, Template>>): Record<Name, Catalogue> {
  const names = Object.keys(byLocale.en) as Name[];
  return Object.fromEntries(
    names.map((name) => [name, Object.fromEntries(mailLocales.map((locale) => [locale, byLocale[locale][name]])) as Catalogue]),
  ) as Record<Name, Catalogue>;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const fill = (template: string, values: Record<string, string | number>, escape: (value: string) => string) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? escape(String(values[key])) : whole));

/**
 * A message in `locale`, with a plain-text part and an HTML part (values escaped; Arabic marked
 * right-to-left). Paragraphs whose only value is empty (no message) are left out.
 */
export function renderTemplate(template: Template, locale: MailLocale, values: Record<string, string | number>, link?: string): RenderedMail {
  const paragraphs = template.paragraphs.filter((p) => {
    const last = /\{(\w+)\}$/.exec(p)?.[1];
    return last === undefined || String(values[last] ?? '').trim() !== '';
  });
  const plain = (value: string) => value;
  const subject = fill(template.subject, values, plain).replace(/[\r\n]+/g, ' ');
  const textParts = paragraphs.map((p) => fill(p, values, plain));
  if (link) textParts.push(`${template.action ?? ''}:\n${link}`);
  const dir = locale === 'ar' ? ' dir="rtl"' : '';
  const htmlParts = paragraphs.map((p) => `<p>${fill(escapeHtml(p), values, escapeHtml)}</p>`);
  if (link) htmlParts.push(`<p><a href="${escapeHtml(link)}">${escapeHtml(template.action ?? link)}</a><br>${escapeHtml(link)}</p>`);
  return {
    subject,
    text: textParts.join('\n\n') + '\n',
    html: `<div lang="${locale}"${dir}>${htmlParts.join('')}</div>`,
  };
}
