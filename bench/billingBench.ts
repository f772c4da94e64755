/**
 * The billing figures on the bench dataset with its billing rows (bench/dataset.ts,
 * bench/billing.ts), through the started portal's API:
 *
 * - 1,000 invoices issued (`billing/issue_invoice`, 4 at a time: issues of one series queue on its
 *   counter row anyway), then each one's PDF (`billing/invoice_pdf`, 4 at a time): each call's p99,
 *   and the whole (both phases' wall time) per invoice; the numbers checked gap-free;
 * - the statement of a client with 2,000 entries (`billing/statement` over its two years), 20 at a time;
 * - the debtors screen at 10,000 clients (`billing/debtors`, first page by balance, and searched by
 *   name with only the overdue), 20 at a time;
 * - PayFast's notifications for 300 checkouts (bench/payfastItn.ts): the answer's time and until all paid;
 * - a bank statement of 10,000 lines imported against the open invoices (bench/bankImport.ts), last,
 *   as it pays some of the invoices the figures above read.
 *
 * A scratch database on DATABASE_URL (created and dropped) or the embedded one, like the dataset part.
 */
import { fullBillingSize, generateBilling } from './billing';
import type { Db } from '../server/db/client';
import { CONCURRENCY, tokenOf } from './datasetBench';
import { load, type LoadFigures } from './load';
import { base, onDataset } from './portal';
import { measured } from './connections';
import { bankStatementFile, importStatement, type BankStatementFile } from './bankImport';
import { ITN_CHECKOUTS, measureItn, payfastStandIn } from './payfastItn';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/rows';

/** Invoices issued (and rendered) before the 1,000 measured: the PDF code and its fonts load on first use. */
const ISSUE_WARM_UP = 100;
const ISSUED = 1000;
const ISSUE_CONCURRENCY = 4;

const isPdf = (body: Buffer, response: Response) => response.headers.get('content-type') === 'application/pdf' && body.subarray(0, 5).toString('latin1') === '%PDF-';

export async function runBillingBench(): Promise<Record<string, unknown>> {
  let billing: Awaited<ReturnType<typeof generateBilling>> | null = null;
  let statementFile: BankStatementFile | null = null;
  let itnInvoices: number[] = [];
  const standIn = await payfastStandIn();
  const prepare = async (db: Db) => {
    billing = await generateBilling(db, { ...fullBillingSize, ordersToIssue: ISSUE_WARM_UP + ISSUED });
    statementFile = await bankStatementFile(db);
    // The newest open invoices (the bank statement pays from the oldest): one PayFast checkout each.
    itnInvoices = rowsOf<{ id: number }>(await db.execute(sql`select invoice_id as id from invoice_balances where open > 0 order by invoice_id desc limit ${ITN_CHECKOUTS}`)).map((row) => Number(row.id));
    return Object.fromEntries(Object.entries(billing.size).map(([k, v]) => [k === 'generate_ms' ? 'billing_generate_ms' : k, v]));
  };
  try {
    return await onDataset('billing', prepare, async (figures) => {
      const { ordersToIssue, statementClient } = billing!;
      const admin = await tokenOf('admin@example.com');

      // Issuing, then the PDFs: the warm-up's invoices first, then the 1,000 measured.
      const issue = async (orders: number[]) => {
        const issued: { id: number; number: string }[] = [];
        const figures = await load({
          url: `${base}/api/billing/issue_invoice`,
          method: 'POST',
          headers: admin,
          bodyFor: (index) => ({ order_id: orders[index] }),
          onAnswer: (answer) => issued.push((answer as { data: { id: number; number: string } }).data),
          concurrency: ISSUE_CONCURRENCY,
          requests: orders.length,
        });
        return { figures, issued };
      };
      const pdfs = (ids: number[]) =>
        load({ url: '', urlFor: (index) => `${base}/api/billing/invoice_pdf?id=${ids[index]}`, headers: admin, accept: isPdf, concurrency: ISSUE_CONCURRENCY, requests: ids.length });
      const warm = await issue(ordersToIssue.slice(0, ISSUE_WARM_UP));
      await pdfs(warm.issued.map((i) => i.id));
      const started = performance.now();
      const timed = await issue(ordersToIssue.slice(ISSUE_WARM_UP, ISSUE_WARM_UP + ISSUED));
      const issuedMs = performance.now() - started;
      const rendered = await pdfs(timed.issued.map((i) => i.id));
      const wallMs = performance.now() - started;
      figures.invoice_issue = timed.figures;
      figures.invoice_pdf = rendered;
      figures.invoice_issue_ms_per_invoice = Math.round((issuedMs / ISSUED) * 100) / 100;
      figures.invoice_with_pdf_ms_per_invoice = Math.round((wallMs / ISSUED) * 100) / 100;
      // Gap-free: the numbers issued (warm-up and measured) are consecutive, once each.
      const sequences = [...warm.issued, ...timed.issued].map((i) => Number(i.number.replace(/\D/g, ''))).sort((a, b) => a - b);
      const consecutive = sequences.every((s, i) => i === 0 || s === sequences[i - 1] + 1);
      figures.invoices_numbered_gap_free = `${consecutive ? sequences.length : 0}/${ISSUE_WARM_UP + ISSUED}`;

      // The statement of 2,000 entries, over the two years it covers, as the screen asks for it: its
      // last page of 50 (the page whose balance brought forward sums every entry before it).
      const { id: client, from, to } = statementClient;
      const pageOf = (page: number) => `${base}/api/billing/statement?client_id=${client}&from=${from}&to=${to}&page=${page}&perPage=50`;
      const answer = await fetch(pageOf(1), { headers: admin }).then((r) => r.json() as Promise<{ data: { total: number } }>);
      figures.statement_entries = answer.data.total;
      const statementUrl = pageOf(Math.max(1, Math.ceil(answer.data.total / 50)));
      figures.statement_2000_entries = await measured({ url: statementUrl, headers: admin, connections: CONCURRENCY });

      // The debtors screen: the first page by balance, and a name search of the overdue.
      const calls = {
        debtors_25: `${base}/api/billing/debtors?page=1&perPage=25&sort=balance&order=DESC`,
        debtors_25_filtered: `${base}/api/billing/debtors?q=client%2012&overdue=true&page=1&perPage=25&sort=balance&order=DESC`,
      };
      for (const [name, url] of Object.entries(calls)) {
        const first = await fetch(url, { headers: admin }).then((r) => r.json() as Promise<{ total: number }>);
        figures[`${name}_total`] = first.total;
        figures[name] = (await measured({ url, headers: admin, connections: CONCURRENCY })) satisfies LoadFigures;
      }

      figures.payfast_itn = await measureItn(base, admin, itnInvoices, standIn);
      figures.bank_import_10k = await importStatement(`${base}/api/bank/import`, admin, statementFile!);
    }, standIn.env);
  } finally {
    await standIn.close();
  }
}
