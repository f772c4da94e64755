import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../../mail/escape';
import { badRequest } from '../../../http/errors';
import { placeholderPattern, replacePlaceholders } from '../../../../shared/mailing/placeholders';

/** The placeholders a template may use, with the example shown in the editor and in test sends. */
export const placeholders = [
  { key: 'client_name', example: 'Sunrise Pharmacy' },
  { key: 'contact_name', example: 'Sipho Stockist' },
  { key: 'email', example: 'stockist@example.com' },
  { key: 'membership_expires_at', example: '31 December 2027' },
  { key: 'portal_link', example: 'https://portal.example.com/' },
  { key: 'unsubscribe_link', example: 'https://portal.example.com/unsubscribe/example' },
] as const;
export type PlaceholderKey = (typeof placeholders)[number]['key'];
export type PlaceholderValues = Record<PlaceholderKey, string>;

const known = new Set<string>(placeholders.map((p) => p.key));

/**
 * Placeholders whose values are our own http(s) URLs: the only ones that may open a link's
 * address. Any other value (a client's name) could be `javascript:…`, so it may only follow a
 * scheme already written (`https://…?ref={{client_name}}`), where it cannot change what the link does.
 */
const urlPlaceholders = /^\{\{\s*(portal_link|unsubscribe_link)\s*\}\}/;
const linkSchemes = /^(https?:\/\/|mailto:)/i;
const imageSchemes = /^https:\/\//i;

function safeUrl(value: string | undefined, schemes: RegExp, placeholdersAllowed: boolean): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (schemes.test(trimmed)) return trimmed;
  if (placeholdersAllowed && urlPlaceholders.test(trimmed)) return trimmed;
  return undefined;
}

const colour = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i];

/**
 * What the rich editor (tiptap, through ra-input-rich-text) produces and nothing else: no script,
 * no event handlers, no style sheets, links only to http, https and mailto, images only over https.
 */
const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'br', 'hr', 'img', 'span', 'mark', 'code', 'pre'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': { color: colour, 'background-color': colour, 'text-align': [/^(left|right|center|justify)$/] },
  },
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = safeUrl(attribs.href, linkSchemes, true);
      const { href: _dropped, ...rest } = attribs;
      return { tagName, attribs: href ? { ...rest, href } : rest };
    },
    img: (tagName, attribs) => {
      const src = safeUrl(attribs.src, imageSchemes, false);
      const { src: _dropped, ...rest } = attribs;
      return { tagName, attribs: src ? { ...rest, src } : rest };
    },
  },
};

export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, sanitizeOptions);
}

/** 400 naming the field when it uses a placeholder we do not know (a typo would otherwise go out as is). */
export function assertKnownPlaceholders(field: string, text: string): void {
  for (const match of text.matchAll(placeholderPattern)) {
    if (!known.has(match[1])) {
      throw badRequest(field, `${field} uses an unknown placeholder {{${match[1]}}}; known: ${[...known].join(', ')}`);
    }
  }
}

function fill(text: string, values: PlaceholderValues, encode: (value: string) => string): string {
  return replacePlaceholders(text, (key) => (known.has(key) ? encode(values[key as PlaceholderKey]) : ''));
}

/** A body without an unsubscribe link gets one at the end: every list mail offers it. */
function withUnsubscribeLink(body: string): string {
  if (/\{\{\s*unsubscribe_link\s*\}\}/.test(body)) return body;
  return `${body}<p style="color: #666666">You receive this because you are a member. <a href="{{unsubscribe_link}}">Unsubscribe</a></p>`;
}

/**
 * A template prepared once per send (or per lane): the sanitised HTML and its plain-text version
 * with the placeholders still in, so each message only substitutes values.
 */
export interface CompiledTemplate {
  subject: string;
  html: string;
  text: string;
}

export function compileTemplate(subject: string, body: string): CompiledTemplate {
  const html = withUnsubscribeLink(sanitizeBody(body));
  const text = convert(html, {
    wordwrap: 100,
    selectors: [
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
    ],
  });
  return { subject, html, text };
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** One recipient's message: values HTML-escaped in the HTML, as they are in the text and the subject (one line). */
export function renderTemplate(template: CompiledTemplate, values: PlaceholderValues): RenderedMail {
  return {
    subject: fill(template.subject, values, (v) => v).replace(/[\r\n]+/g, ' ').trim(),
    html: fill(template.html, values, escapeHtml),
    text: fill(template.text, values, (v) => v),
  };
}

const dateFormat = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Johannesburg' });

export interface Recipient {
  name: string;
  contactName: string;
  email: string;
  membershipExpiresAt: Date | null;
}

export function valuesFor(recipient: Recipient, links: { portal: string; unsubscribe: string }): PlaceholderValues {
  return {
    client_name: recipient.name,
    contact_name: recipient.contactName,
    email: recipient.email,
    membership_expires_at: recipient.membershipExpiresAt ? dateFormat.format(recipient.membershipExpiresAt) : '',
    portal_link: links.portal,
    unsubscribe_link: links.unsubscribe,
  };
}

export const exampleValues = Object.fromEntries(placeholders.map((p) => [p.key, p.example])) as PlaceholderValues;
