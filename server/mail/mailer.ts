import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
  /** `<id@domain>`; queued mail derives it from its job, so a repeat is recognisable. */
  messageId?: string;
  /** Files sent with it (an invoice's PDF). Rendered by the job that sends it, never kept in the queue. */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** The From address, e.g. `Members Portal <no-reply@localhost>`. */
  readonly from: string;
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * Real delivery through an SMTP server (`SMTP_URL`, e.g. smtp://user:pass@host:587), over a pool of
 * kept-open connections: the job worker sends many messages at once (a campaign).
 */
export function smtpMailer(smtpUrl: string, from: string, options: { maxConnections?: number } = {}): Mailer {
  const url = new URL(smtpUrl);
  url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', String(options.maxConnections ?? 5));
  const transport = nodemailer.createTransport(url.toString());
  return {
    kind: 'smtp',
    from,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

/** With no SMTP server configured, mail is kept in the outbox table instead of being lost. */
export function outboxMailer(db: Db, from = 'Members Portal <no-reply@localhost>'): Mailer {
  return {
    kind: 'outbox',
    from,
    async send(message) {
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        headers: {
          ...(message.headers ?? {}),
          ...(message.messageId ? { 'Message-ID': message.messageId } : {}),
          // The outbox keeps what was attached, not the bytes: the document can be rendered again.
          ...(message.attachments?.length ? { 'X-Attachments': message.attachments.map((a) => `${a.filename} (${a.contentType}, ${a.content.length} bytes)`).join('; ') } : {}),
        },
      });
    },
    async close() {},
  };
}

export function createMailer(options: { smtpUrl: string | null; from: string; db: Db }): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options.db, options.from);
}
