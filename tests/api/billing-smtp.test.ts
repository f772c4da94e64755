import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../../server/mail/mailer';
import { type TestApp, createTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';
import { pdfText } from './support/pdfText';
import { type TestSmtp, startSmtp } from './support/smtp';

/**
 * Issue 22: the tax invoice goes to the member by mail with its PDF attached, through a real SMTP
 * server, queued in the dispatch's transaction; the PDF is the invoice (number, "Tax Invoice",
 * the supplier's VAT number) and so is the one the member downloads.
 */
let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ mailer: () => smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Members Portal <billing@portal.test>') });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the invoice mail', () => {
  it('is sent on dispatch with the invoice PDF attached', async () => {
    const admin = await t.tokenFor('admin');
    await t.post('/api/billing/savesettings', { legal_name: 'Mail Test Trading (Pty) Ltd', vat_number: '4111111111' }, { token: admin });
    const email = `invoice-mail-${Date.now()}@example.com`;
    const client = (await t.post('/api/clients/save', { type: 'stockist', name: 'Mail Test Shop', email }, { token: admin })).json().data;
    const product = await catalogueFactory(t).product({ price: 600_000 });
    const order = (await t.post('/api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 1 }] }, { token: admin })).json().data;
    for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) {
      expect((await t.post('/api/orders/updatestatus', { id: order.id, status }, { token: admin })).statusCode).toBe(200);
    }
    const invoice = (await t.get(`/api/orders/order?id=${order.id}`, { token: admin })).json().data.invoice;
    expect(invoice.number).toMatch(/^INV-/);
    await t.drainJobs();

    const received = smtp.received.filter((mail) => mail.to.includes(email));
    const withInvoice = await Promise.all(received.map((mail) => simpleParser(mail.raw)));
    const mail = withInvoice.find((parsed) => parsed.attachments.length > 0);
    expect(mail, 'a mail with an attachment').toBeDefined();
    expect(mail!.subject).toContain(invoice.number);
    const [attachment] = mail!.attachments;
    expect(attachment).toMatchObject({ contentType: 'application/pdf', filename: `${invoice.number}.pdf` });
    const text = await pdfText(attachment.content);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(invoice.number);
    expect(text).toContain('4111111111');
    expect(text).toContain('Mail Test Shop');

    // The same document is what the member's download gives.
    const download = await t.get(`/api/billing/invoice_pdf?id=${invoice.id}`, { token: admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(download.rawPayload)).toContain(invoice.number);
  });
});
