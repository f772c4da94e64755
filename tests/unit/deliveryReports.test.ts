import { describe, expect, it } from 'vitest';
import { addressOf, bounceTypeOf, deliveryStatusRecipients, feedbackReportOf, reasonOf, toAddressOf } from '../../server/modules/crm/mailing/deliveryReports';

/** The status parts of delivery reports as different mail servers write them (the bounce mailbox). */
describe('delivery-status parts (RFC 3464)', () => {
  it("reads Exchange's report: several recipients, Original-Recipient first, a five-digit detail code", () => {
    const text = [
      'Reporting-MTA: dns;EX01.corp.test',
      'Received-From-MTA: dns;EX02.corp.test',
      'Arrival-Date: Thu, 26 Nov 2026 13:00:00 +0000',
      '',
      'Original-Recipient: rfc822;Sales@Corp.test',
      'Final-Recipient: rfc822;sales-archive@corp.test',
      'Action: failed',
      'Status: 5.1.10',
      'Diagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
      '',
      'Final-Recipient: rfc822;<full@corp.test>',
      'Action: failed',
      'Status: 4.2.2',
      'Diagnostic-Code: smtp;452 4.2.2 Mailbox full',
      '',
      'Final-Recipient: rfc822;list@corp.test',
      'Action: relayed (to a non-DSN-aware mail system)',
      'Status: 2.0.0',
      '',
    ].join('\r\n');
    const recipients = deliveryStatusRecipients(text);
    expect(recipients.map((r) => [r.email, r.action, r.status, bounceTypeOf(r)])).toEqual([
      ['Sales@Corp.test', 'failed', '5.1.10', 'hard'],
      ['full@corp.test', 'failed', '4.2.2', 'soft'],
      ['list@corp.test', 'relayed', '2.0.0', null],
    ]);
    expect(reasonOf(recipients[0])).toBe('DSN 5.1.10: 550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup');
  });

  it('unfolds continued lines, skips a recipient that names no address and reads an RFC 6533 utf-8 address', () => {
    const text = [
      'Reporting-MTA: dns; mx.test',
      '',
      'Final-Recipient: utf-8; josé@exemple.test',
      'Action: delayed',
      'Status: 4.4.7 (delivery time expired)',
      'Diagnostic-Code: X-Postfix; delivery temporarily suspended: connect',
      '    to mx.exemple.test: Connection refused',
      '',
      'Final-Recipient: x-unknown; 12345',
      'Action: failed',
      'Status: 5.0.0',
    ].join('\n');
    const recipients = deliveryStatusRecipients(text);
    expect(recipients).toEqual([
      { email: 'josé@exemple.test', action: 'delayed', status: '4.4.7', diagnostic: 'delivery temporarily suspended: connect to mx.exemple.test: Connection refused' },
    ]);
    expect(bounceTypeOf(recipients[0])).toBe('soft');
    expect(reasonOf({ ...recipients[0], diagnostic: '' })).toBe('DSN 4.4.7 (delayed)');
  });

  it('takes addresses in their forms and refuses what is none', () => {
    expect(addressOf('rfc822; <a@b.test>')).toBe('a@b.test');
    expect(addressOf('RFC822;a@b.test (the original)')).toBe('a@b.test');
    expect(addressOf('rfc822; postmaster')).toBeNull();
    expect(addressOf(undefined)).toBeNull();
    expect(toAddressOf('From: x@portal.test\r\nTo: "Shop Owner" <owner@shop.test>, other@shop.test\r\nSubject: hi\r\n')).toBe('owner@shop.test');
  });
});

describe('feedback reports (ARF, RFC 5965)', () => {
  it('reads the feedback type and the complaining address', () => {
    expect(feedbackReportOf('Feedback-Type: Abuse\nUser-Agent: FBL/1\nVersion: 1\nOriginal-Rcpt-To: <who@isp.test>\n')).toEqual({ feedbackType: 'abuse', recipient: 'who@isp.test' });
    expect(feedbackReportOf('Feedback-Type: not-spam\nVersion: 1\n')).toEqual({ feedbackType: 'not-spam', recipient: null });
  });
});
