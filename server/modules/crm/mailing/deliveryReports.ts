/**
 * The machine-readable parts of the reports mail servers send back: delivery-status notifications
 * (RFC 3464, the `message/delivery-status` part of a `multipart/report`) and abuse feedback reports
 * (ARF, RFC 5965, the `message/feedback-report` part). Both parts are header-style field blocks
 * separated by blank lines, so one small reader covers them; the MIME around them is taken apart by
 * the IMAP server (BODYSTRUCTURE) and only these parts are downloaded (bounceMailbox.ts).
 */
import type { BounceType } from '../../../db/schema';

export type Fields = Map<string, string>;

/**
 * The field blocks of a report part: `Name: value` lines, continued on lines that start with
 * white space, blocks separated by blank lines. Names are kept lower-case; a name seen twice in a
 * block keeps its first value (the RFCs allow each once).
 */
export function fieldBlocks(text: string): Fields[] {
  const blocks: Fields[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    const fields: Fields = new Map();
    for (const line of chunk.replace(/\n[ \t]+/g, ' ').split('\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
    }
    if (fields.size > 0) blocks.push(fields);
  }
  return blocks;
}

/**
 * The address of a recipient field: `rfc822; user@example.com` (RFC 3464's address-type, or
 * RFC 6533's `utf-8;`), in angle brackets or not. Null when it is no address.
 */
export function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const bare = value.replace(/^\s*(rfc822|utf-8)\s*;/i, '').replace(/\([^)]*\)/g, '').trim();
  const address = (/<([^>]+)>/.exec(bare)?.[1] ?? bare).trim();
  return /^[^\s@<>,;]+@[^\s@<>,;]+$/.test(address) ? address : null;
}

export interface RecipientStatus {
  /** The address the portal sent to: Original-Recipient when given, else Final-Recipient. */
  email: string;
  /** failed, delayed, delivered, relayed or expanded. */
  action: string;
  /** The enhanced status code (RFC 3463), `5.1.1`. */
  status: string;
  /** The remote server's answer (Diagnostic-Code without its type), `550 5.1.1 User unknown`. */
  diagnostic: string;
}

/** Per-recipient statuses of a `message/delivery-status` part (its first block is about the message). */
export function deliveryStatusRecipients(text: string): RecipientStatus[] {
  const [, ...recipients] = fieldBlocks(text);
  const out: RecipientStatus[] = [];
  for (const fields of recipients) {
    const email = addressOf(fields.get('original-recipient')) ?? addressOf(fields.get('final-recipient'));
    if (!email) continue;
    out.push({
      email,
      action: (fields.get('action') ?? '').split(/[\s(]/)[0].toLowerCase(),
      status: /\d\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0] ?? '',
      diagnostic: (fields.get('diagnostic-code') ?? '').replace(/^\s*[\w-]+\s*;\s*/, ''),
    });
  }
  return out;
}

/**
 * What a recipient's status means for the address: a permanent failure (`failed`, 5.x.x) is a
 * hard bounce; a temporary one (`failed` with 4.x.x, or `delayed`) a soft one; a delivery,
 * relay or expansion nothing.
 */
export function bounceTypeOf(recipient: RecipientStatus): Exclude<BounceType, 'complaint'> | null {
  if (recipient.action === 'delayed') return 'soft';
  if (recipient.action !== 'failed') return null;
  return recipient.status.startsWith('4') ? 'soft' : 'hard';
}

/** The reason kept with the bounce: says it came from a DSN, with the status and the server's words. */
export function reasonOf(recipient: RecipientStatus): string {
  const code = recipient.status ? `DSN ${recipient.status}` : 'DSN';
  return recipient.diagnostic ? `${code}: ${recipient.diagnostic}` : `${code} (${recipient.action})`;
}

export interface FeedbackReport {
  /** abuse, fraud, virus, other, not-spam (RFC 5965). */
  feedbackType: string;
  /** Original-Rcpt-To: the complaining address, when the reporter gives it. */
  recipient: string | null;
}

/** The fields of a `message/feedback-report` part that say who complained about what. */
export function feedbackReportOf(text: string): FeedbackReport {
  const fields = new Map<string, string>();
  for (const block of fieldBlocks(text)) for (const [name, value] of block) if (!fields.has(name)) fields.set(name, value);
  return { feedbackType: (fields.get('feedback-type') ?? '').toLowerCase(), recipient: addressOf(fields.get('original-rcpt-to')) };
}

/** The first address in a header block's To field (the reported message's headers). */
export function toAddressOf(headers: string): string | null {
  const to = fieldBlocks(headers)[0]?.get('to');
  return to ? addressOf(to.split(',')[0]) : null;
}
