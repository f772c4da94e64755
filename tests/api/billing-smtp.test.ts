import { eq } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../server/db/schema';
import { smtpMailer } from '../../server/mail/mailer';
import { runStatements } from '../../server/modules/billing/mail';
import { addDays, businessDay } from '../../shared/billing/accounts';
import { type TestApp, createTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';
import { pdfText } from './support/pdfText';
import { type TestSmtp, startSmtp } from './support/smtp';

/**
 * The tax invoice goes to the member by mail with its PDF attached, through a real SMTP
 * server, queued in the dispatch's transaction; the PDF is the invoice (number, "Tax Invoice",
 * the supplier's VAT number) and so is the one the member downloads. The invoice and statement
 * mails speak the client's language, English when it has none.
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

/** Every mail the SMTP server received for `to`, parsed. */
const mailsTo = (to: string): Promise<ParsedMail[]> => Promise.all(smtp.received.filter((mail) => mail.to.includes(to)).map((mail) => simpleParser(mail.raw)));

describe('billing mail in the client’s language', () => {
  /** A client in `locale` (none: `null`, as a client the back office made) with one dispatched order, so one invoice. */
  async function invoicedClient(locale: string | null) {
    const admin = await t.tokenFor('admin');
    const email = `billing-${locale ?? 'none'}-${Date.now()}@example.com`;
    const client = (await t.post('/api/clients/save', { type: 'stockist', name: `Boutique ${locale ?? 'none'}`, email }, { token: admin })).json().data;
    // The language comes from the member's registration; the back office's client form has none to set.
    await t.db.update(clients).set({ locale }).where(eq(clients.id, client.id));
    const product = await catalogueFactory(t).product({ price: 11_500 });
    const order = (await t.post('/api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 2 }] }, { token: admin })).json().data;
    for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) {
      expect((await t.post('/api/orders/updatestatus', { id: order.id, status }, { token: admin })).statusCode).toBe(200);
    }
    const invoice = (await t.get(`/api/orders/order?id=${order.id}`, { token: admin })).json().data.invoice as { number: string };
    return { email, invoice };
  }

  /** The month's statements, as the run on the 1st of next month mails them. */
  async function mailStatements() {
    const firstOfNext = `${addDays(`${businessDay(t.clock.now()).slice(0, 7)}-01`, 40).slice(0, 7)}-01`;
    await runStatements(t.db, new Date(`${firstOfNext}T08:00:00Z`));
    await t.drainJobs();
  }

  let arabic: Awaited<ReturnType<typeof invoicedClient>>;
  let french: Awaited<ReturnType<typeof invoicedClient>>;
  let english: Awaited<ReturnType<typeof invoicedClient>>;
  beforeAll(async () => {
    await t.post('/api/billing/savesettings', { legal_name: 'Mail Test Trading (Pty) Ltd', vat_number: '4111111111' }, { token: await t.tokenFor('admin') });
    arabic = await invoicedClient('ar');
    french = await invoicedClient('fr');
    english = await invoicedClient(null);
    await t.drainJobs();
    await mailStatements();
  });

  const invoiceMail = async (to: string) => (await mailsTo(to)).find((mail) => mail.attachments.some((file) => file.filename?.startsWith('INV-')));
  const statementMail = async (to: string) => (await mailsTo(to)).find((mail) => mail.attachments.some((file) => file.filename?.startsWith('statement-')));

  it('an Arabic client’s invoice mail is in Arabic, the English "Tax Invoice" beside its title', async () => {
    const mail = await invoiceMail(arabic.email);
    expect(mail, 'the invoice mail').toBeDefined();
    expect(mail!.subject).toBe(`Tax Invoice · فاتورة ضريبية ${arabic.invoice.number} — Mail Test Trading (Pty) Ltd`);
    expect(mail!.text).toContain(`فاتورة ضريبية رقم ${arabic.invoice.number} باسم Boutique ar.`);
    expect(mail!.text).toContain('الإجمالي: R 230,00');
    expect(mail!.text).toContain('تاريخ الاستحقاق');
    expect(mail!.text).toContain('المستند مرفق بصيغة PDF');
    expect(mail!.text).not.toMatch(/Total|Due|attached/);
  });

  it('a French client’s invoice mail is in French', async () => {
    const mail = await invoiceMail(french.email);
    expect(mail, 'the invoice mail').toBeDefined();
    expect(mail!.subject).toBe(`Tax Invoice · Facture fiscale ${french.invoice.number} — Mail Test Trading (Pty) Ltd`);
    expect(mail!.text).toContain(`Facture fiscale ${french.invoice.number} au nom de Boutique fr.`);
    expect(mail!.text).toContain('Total : R 230,00 (dont TVA R 30,00)');
    // The due date with the month spelt out in French.
    expect(mail!.text).toMatch(/Date d'échéance : \d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/);
    expect(mail!.text).toContain('Le document est joint en PDF');
  });

  it('a client without a language gets the invoice mail in English', async () => {
    const mail = await invoiceMail(english.email);
    expect(mail, 'the invoice mail').toBeDefined();
    expect(mail!.subject).toBe(`Tax Invoice ${english.invoice.number} — Mail Test Trading (Pty) Ltd`);
    expect(mail!.text).toContain(`Tax Invoice ${english.invoice.number} for Boutique none.`);
    expect(mail!.text).toContain('Total: R 230,00 (VAT R 30,00)');
    expect(mail!.text).toMatch(/Due date: \d{1,2} [A-Z][a-z]+ \d{4}/);
  });

  it('the monthly statement mail and its PDF are in the client’s language', async () => {
    const inArabic = await statementMail(arabic.email);
    expect(inArabic, 'the Arabic statement mail').toBeDefined();
    expect(inArabic!.subject).toMatch(/^كشف حساب من .+ إلى .+$/);
    expect(inArabic!.text).toContain('عزيزي العميل Boutique ar،');
    expect(inArabic!.text).toContain('مرفق كشف حسابك');
    const arabicPdf = await pdfText(inArabic!.attachments[0].content);
    expect(arabicPdf).toContain('الرصيد الافتتاحي');

    const inFrench = await statementMail(french.email);
    expect(inFrench, 'the French statement mail').toBeDefined();
    expect(inFrench!.subject).toMatch(/^Relevé de compte du 1 .+ au \d{1,2} .+ \d{4}$/);
    expect(inFrench!.text).toContain('Bonjour Boutique fr,');
    expect(await pdfText(inFrench!.attachments[0].content)).toContain("Solde d'ouverture");

    const inEnglish = await statementMail(english.email);
    expect(inEnglish, 'the English statement mail').toBeDefined();
    expect(inEnglish!.subject).toMatch(/^Statement of account 1 [A-Z][a-z]+ \d{4} – \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(inEnglish!.text).toContain('Dear Boutique none,');
    expect(await pdfText(inEnglish!.attachments[0].content)).toContain('Opening balance');
  });
});
