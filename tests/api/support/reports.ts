/**
 * Reports as mail servers write them, for the bounce-mailbox test: a Postfix bounce (RFC 3464) built
 * around a real SMTP refusal of the message the portal sent, a Postfix "delayed" notice, and an
 * abuse feedback report (ARF) as a mailbox provider sends it.
 */
import { createTransport } from 'nodemailer';
import { startSmtp } from './smtp';

const CRLF = '\r\n';
const lines = (...parts: string[]) => parts.join(CRLF);

/**
 * Relays `raw` (a message the portal sent) to a real SMTP server that refuses `recipient` at RCPT
 * as Postfix does for an unknown user, and answers that server's reply line ("550 5.1.1 <…>: …").
 */
export async function refusedBySmtp(raw: string, from: string, recipient: string): Promise<string> {
  const remote = await startSmtp({
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase() !== recipient.toLowerCase()) return callback();
      callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown in local recipient table`), { responseCode: 550 }));
    },
  });
  const relay = createTransport({ host: '127.0.0.1', port: remote.port, secure: false, ignoreTLS: true });
  try {
    await relay.sendMail({ envelope: { from, to: [recipient] }, raw });
    throw new Error(`the remote server took mail for ${recipient}`);
  } catch (error) {
    const response = (error as { response?: string }).response;
    if (!response) throw error;
    return response;
  } finally {
    relay.close();
    await remote.close();
  }
}

function postfixEnvelope(id: string, to: string, subject: string, boundary: string) {
  return lines(
    'Return-Path: <>',
    `Received: by relay.test (Postfix) id ${id}; Thu, 26 Nov 2026 13:00:00 +0000 (UTC)`,
    'Date: Thu, 26 Nov 2026 13:00:00 +0000 (UTC)',
    'From: MAILER-DAEMON@relay.test (Mail Delivery System)',
    `Subject: ${subject}`,
    `To: ${to}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    `\tboundary="${boundary}"`,
    'Content-Transfer-Encoding: 8bit',
    `Message-Id: <20261126130000.${id}@relay.test>`,
    '',
    'This is a MIME-encapsulated message.',
    '',
  );
}

/**
 * The bounce Postfix writes when the next hop refused a recipient for good: notification text,
 * the `message/delivery-status` part (Diagnostic-Code folded as Postfix folds it) and the message
 * returned whole.
 */
export function postfixBounce(options: { id: string; sender: string; recipient: string; reply: string; original: string }): string {
  const boundary = `${options.id}.1795698000/relay.test`;
  const status = /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(options.reply)?.[1] ?? '5.0.0';
  const [first, ...rest] = options.reply.split(' User ');
  return lines(
    postfixEnvelope(options.id, options.sender, 'Undelivered Mail Returned to Sender', boundary),
    `--${boundary}`,
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host relay.test.',
    '',
    "I'm sorry to have to inform you that your message could not",
    'be delivered to one or more recipients. It\'s attached below.',
    '',
    `<${options.recipient}>: host 127.0.0.1[127.0.0.1] said: ${options.reply} (in reply to RCPT TO command)`,
    '',
    `--${boundary}`,
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; relay.test',
    `X-Postfix-Queue-ID: ${options.id}`,
    `X-Postfix-Sender: rfc822; ${options.sender}`,
    'Arrival-Date: Thu, 26 Nov 2026 12:59:58 +0000 (UTC)',
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    `Original-Recipient: rfc822;${options.recipient}`,
    'Action: failed',
    `Status: ${status}`,
    'Remote-MTA: dns; 127.0.0.1',
    rest.length ? `Diagnostic-Code: smtp; ${first}\r\n    User ${rest.join(' User ')}` : `Diagnostic-Code: smtp; ${options.reply}`,
    '',
    `--${boundary}`,
    'Content-Description: Undelivered Message',
    'Content-Type: message/rfc822',
    'Content-Transfer-Encoding: 8bit',
    '',
    options.original.replace(/\r?\n/g, CRLF).replace(/(\r\n)+$/, ''),
    '',
    `--${boundary}--`,
    '',
  );
}

/** Postfix's "delayed mail" warning: the message is still queued (a temporary failure). */
export function postfixDelay(options: { id: string; sender: string; recipient: string }): string {
  const boundary = `${options.id}.1795698001/relay.test`;
  return lines(
    postfixEnvelope(options.id, options.sender, 'Delayed Mail (still being retried)', boundary),
    `--${boundary}`,
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host relay.test. ####### THIS IS A WARNING ONLY.',
    '',
    `--${boundary}`,
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; relay.test',
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    'Action: delayed',
    'Status: 4.4.1',
    'Diagnostic-Code: X-Postfix; connect to mx.smtp.test[192.0.2.1]:25: Connection timed out',
    'Will-Retry-Until: Thu, 3 Dec 2026 13:00:00 +0000 (UTC)',
    '',
    `--${boundary}--`,
    '',
  );
}

/** An abuse report (RFC 5965) about `original`, without Original-Rcpt-To (many providers leave it out). */
export function abuseReport(options: { id: string; original: string }): string {
  const boundary = `arf-${options.id}`;
  return lines(
    'From: Feedback Loop <fbl@isp.test>',
    'To: abuse@portal.test',
    'Subject: FW: complaint about your mail',
    'Date: Thu, 26 Nov 2026 13:05:00 +0000',
    `Message-ID: <${options.id}@isp.test>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset="US-ASCII"',
    '',
    'This is an email abuse report for a message you sent.',
    '',
    `--${boundary}`,
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: ISP-FBL/1.0',
    'Version: 1',
    '',
    `--${boundary}`,
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    options.original.replace(/\r?\n/g, CRLF).replace(/(\r\n)+$/, ''),
    '',
    `--${boundary}--`,
    '',
  );
}

/** A reply that is no report at all: an out-of-office answer to a campaign. */
export function outOfOffice(options: { id: string; from: string }): string {
  return lines(`From: ${options.from}`, 'To: no-reply@portal.test', 'Subject: Out of office', `Message-ID: <${options.id}@smtp.test>`, 'Auto-Submitted: auto-replied', '', 'I am away until Monday.', '');
}
