import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RoleName } from '../../auth/roles';
import { IdQuery, errorReplies } from '../../http/schemas';
import { badRequest } from '../../http/errors';
import { assertBusinessDates, businessDates } from '../../http/businessDates';
import type { ModuleDeps } from '../deps';
import type { ChangeSource } from '../../http/conditionalReads';
import { businessDay } from '../../../shared/billing/accounts';
import * as wire from './wire';
import { getSettings, saveSettings } from './settings';
import { getDocument, listDocuments } from './documents';
import { issueInvoiceForOrder } from './issue';
import { creditNote, debitNote } from './notes';
import { confirmPayment, getPayment, listPayments, proofOf, recordPayment, refusePayment, submitProof } from './payments';
import { statement, statementPeriod } from './statements';
import { listDebtors } from './debtors';
import { account, saveClientBilling } from './clientTerms';
import { documentPdf, statementPdf } from './pdfData';
import { sendFile } from '../../http/files';
import { accountingCsv } from './export';
import { PROOF_MEDIA_TYPES } from '../../../shared/billing/proofFiles';
import { ProofForm, ProofStore, proofFormLimits, readProofForm } from './proofs';
import { payfastRoutes } from './payfast/routes';

/**
 * Billing: who may call what, next to each call. Admins run billing; members read
 * their own documents and send proof of payment; resellers read their linked clients'. The
 * production team has no billing calls. Each service narrows a list to what the caller may see.
 */
const ADMIN: RoleName[] = ['admin'];
const MEMBERS: RoleName[] = ['stockist', 'individual'];
const READERS: RoleName[] = ['admin', ...MEMBERS, 'reseller'];
const tags = ['billing'];
/**
 * Tax invoices and notes with their client and what is still owed on them. A product group filter
 * reads the groups' products (through the reports' oldest-group function, which no query names).
 */
const DOCUMENTS: ChangeSource = {
  tables: ['billing_documents', 'billing_document_lines', 'invoice_balances', 'payments', 'payment_allocations', 'orders', 'clients', 'rep_clients', 'group_products'],
  day: true,
};
const PAYMENTS: ChangeSource = { tables: ['payments', 'payment_allocations', 'billing_documents', 'clients', 'rep_clients'] };
const binary = { 200: Type.String({ format: 'binary' }) };


export const billingRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const proofs = new ProofStore(deps.uploadsDir);
  await app.register(multipart, { limits: proofFormLimits });
  await app.register(payfastRoutes, { deps });
  const today = () => businessDay(deps.now());
  const now = () => deps.now();
  // Every billing route that takes a day holds it to the same window.
  const listDates = businessDates('query', ['date_from', 'date_to'], now);
  const periodDates = businessDates('query', ['from', 'to'], now);

  app.get(
    '/api/billing/settings',
    { config: { access: ADMIN, changesWith: { tables: ['billing_settings', 'vat_rates'] } }, schema: { tags, response: { 200: wire.SettingsReply, ...errorReplies(401, 403) } } },
    async () => ({ data: await getSettings(db) }),
  );
  app.post(
    '/api/billing/savesettings',
    { config: { access: ADMIN }, schema: { tags, body: wire.SaveSettingsInput, response: { 200: wire.SettingsReply, ...errorReplies(400, 401, 403, 409) } } },
    async (request) => ({ data: await saveSettings(db, request.user!, request.body, today()) }),
  );

  app.get(
    '/api/billing/invoices',
    { config: { access: READERS, changesWith: DOCUMENTS }, preHandler: listDates, schema: { tags, querystring: wire.DocumentListQuery, response: { 200: wire.DocumentList, ...errorReplies(400, 401, 403) } } },
    (request) => listDocuments(deps.reads(request), request.user!, ['invoice'], request.query, deps.now()),
  );
  app.get(
    '/api/billing/invoice',
    { config: { access: READERS, changesWith: DOCUMENTS }, schema: { tags, querystring: IdQuery, response: { 200: wire.DocumentReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await getDocument(db, request.user!, request.query.id, ['invoice'], deps.now()) }),
  );
  app.get(
    '/api/billing/invoice_pdf',
    { config: { access: READERS }, schema: { tags, querystring: wire.PdfQuery, produces: ['application/pdf'], response: { ...binary, ...errorReplies(400, 401, 403, 404) } } },
    async (request, reply) => {
      const { pdf, filename } = await documentPdf(db, request.user!, request.query.id, ['invoice'], request.query.locale, deps.now());
      return sendFile(reply, 'application/pdf', filename, pdf);
    },
  );
  app.get(
    '/api/billing/notes',
    { config: { access: READERS, changesWith: DOCUMENTS }, preHandler: listDates, schema: { tags, querystring: wire.DocumentListQuery, response: { 200: wire.DocumentList, ...errorReplies(400, 401, 403) } } },
    (request) => listDocuments(deps.reads(request), request.user!, ['credit_note', 'debit_note'], request.query, deps.now()),
  );
  app.get(
    '/api/billing/note',
    { config: { access: READERS, changesWith: DOCUMENTS }, schema: { tags, querystring: IdQuery, response: { 200: wire.DocumentReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await getDocument(db, request.user!, request.query.id, ['credit_note', 'debit_note'], deps.now()) }),
  );
  app.get(
    '/api/billing/note_pdf',
    { config: { access: READERS }, schema: { tags, querystring: wire.PdfQuery, produces: ['application/pdf'], response: { ...binary, ...errorReplies(400, 401, 403, 404) } } },
    async (request, reply) => {
      const { pdf, filename } = await documentPdf(db, request.user!, request.query.id, ['credit_note', 'debit_note'], request.query.locale, deps.now());
      return sendFile(reply, 'application/pdf', filename, pdf);
    },
  );

  app.post(
    '/api/billing/issue_invoice',
    { config: { access: ADMIN }, schema: { tags, body: wire.IssueInvoiceInput, response: { 201: wire.DocumentReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      const invoice = await db.transaction((tx) => issueInvoiceForOrder(tx, request.user!.id, deps.now(), request.body.order_id));
      deps.jobs.wake();
      return reply.status(201).send({ data: await getDocument(db, request.user!, invoice.id, ['invoice'], deps.now()) });
    },
  );
  app.post(
    '/api/billing/credit_note',
    { config: { access: ADMIN }, schema: { tags, body: wire.CreditNoteInput, response: { 201: wire.DocumentReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      const note = await creditNote(db, request.user!, request.body, deps.now());
      return reply.status(201).send({ data: await getDocument(db, request.user!, note.id, ['credit_note'], deps.now()) });
    },
  );
  app.post(
    '/api/billing/debit_note',
    { config: { access: ADMIN }, schema: { tags, body: wire.DebitNoteInput, response: { 201: wire.DocumentReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request, reply) => {
      const note = await debitNote(db, request.user!, request.body, deps.now());
      return reply.status(201).send({ data: await getDocument(db, request.user!, note.id, ['debit_note'], deps.now()) });
    },
  );

  app.post(
    '/api/billing/payment',
    { config: { access: ADMIN }, preHandler: businessDates('body', ['paid_at'], now), schema: { tags, body: wire.PaymentInput, response: { 201: wire.PaymentReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request, reply) => reply.status(201).send({ data: await recordPayment(db, request.user!, request.body, deps.now()) }),
  );
  app.get(
    '/api/billing/payments',
    { config: { access: READERS, changesWith: PAYMENTS }, preHandler: listDates, schema: { tags, querystring: wire.PaymentListQuery, response: { 200: wire.PaymentList, ...errorReplies(400, 401, 403) } } },
    (request) => listPayments(deps.reads(request), request.user!, request.query),
  );
  app.get(
    '/api/billing/payment',
    { config: { access: READERS, changesWith: PAYMENTS }, schema: { tags, querystring: IdQuery, response: { 200: wire.PaymentReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await getPayment(db, request.user!, request.query.id) }),
  );
  app.post(
    '/api/billing/upload_proof',
    {
      config: { access: MEMBERS, documentedBody: ProofForm },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'multipart/form-data: amount (cents), reference, paid_at (YYYY-MM-DD) and a `proof` file (PDF, PNG or JPEG, at most 5 MB): a pending payment of the member’s own client.',
        response: { 201: wire.PaymentReply, ...errorReplies(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const input = await readProofForm(request);
      assertBusinessDates({ paid_at: input.paid_at }, deps.now());
      const file = await proofs.save(input.bytes, input.type);
      const payment = await submitProof(db, request.user!, input, { file, type: input.type, name: input.name });
      return reply.status(201).send({ data: payment });
    },
  );
  app.get(
    '/api/billing/proof',
    {
      config: { access: ['admin', ...MEMBERS] },
      schema: { tags, querystring: IdQuery, produces: [...PROOF_MEDIA_TYPES], response: { ...binary, ...errorReplies(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const proof = await proofOf(db, request.user!, request.query.id);
      // A member's bank papers: never kept by a browser or a shared cache, so an erasure (or a
      // signed-out shared computer) leaves no copy behind.
      reply.header('cache-control', 'private, no-store');
      return sendFile(reply, ProofStore.contentType(proof.type), proof.name, await proofs.read(proof.file));
    },
  );
  app.post(
    '/api/billing/confirm_payment',
    { config: { access: ADMIN }, schema: { tags, body: wire.ConfirmPaymentInput, response: { 200: wire.PaymentReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await confirmPayment(db, request.user!, request.body.id, request.body.allocations, deps.now()) }),
  );
  app.post(
    '/api/billing/refuse_payment',
    { config: { access: ADMIN }, schema: { tags, body: wire.RefusePaymentInput, response: { 200: wire.PaymentReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await refusePayment(db, request.user!, request.body.id, request.body.reason) }),
  );

  app.get(
    '/api/billing/statement',
    { config: { access: READERS }, preHandler: periodDates, schema: { tags, querystring: wire.StatementPageQuery, response: { 200: wire.StatementReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await statement(deps.reads(request), request.user!, request.query.client_id, statementPeriod(request.query, deps.now()), request.query) }),
  );
  app.get(
    '/api/billing/statement_pdf',
    { config: { access: READERS }, preHandler: periodDates, schema: { tags, querystring: wire.StatementQuery, produces: ['application/pdf'], response: { ...binary, ...errorReplies(400, 401, 403, 404) } } },
    async (request, reply) => {
      const { pdf, filename } = await statementPdf(db, request.user!, request.query.client_id, statementPeriod(request.query, deps.now()), request.query.locale);
      return sendFile(reply, 'application/pdf', filename, pdf);
    },
  );
  app.get(
    '/api/billing/debtors',
    { config: { access: ['admin', 'reseller'], changesWith: { tables: ['debtor_balances', 'debtor_totals', 'clients', 'rep_clients'], day: true } }, schema: { tags, querystring: wire.DebtorsQuery, response: { 200: wire.DebtorList, ...errorReplies(400, 401, 403) } } },
    (request) => listDebtors(db, deps.reads(request), request.user!, request.query, deps.now()),
  );
  app.get(
    '/api/billing/account',
    { config: { access: READERS }, schema: { tags, querystring: wire.ClientQuery, response: { 200: wire.AccountSummary, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await account(db, request.user!, request.query.client_id, deps.now()) }),
  );
  app.post(
    '/api/billing/saveclientbilling',
    { config: { access: ADMIN }, schema: { tags, body: wire.ClientBillingInput, response: { 200: wire.AccountSummary, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await saveClientBilling(db, request.user!, request.body, deps.now()) }),
  );
  app.get(
    '/api/billing/export',
    { config: { access: ADMIN }, preHandler: periodDates, schema: { tags, querystring: wire.ExportQuery, produces: ['text/csv'], response: { 200: Type.String(), ...errorReplies(400, 401, 403) } } },
    async (request, reply) => {
      const { from, to } = request.query;
      if (from > to) throw badRequest('from', `The period starts (${from}) after it ends (${to})`);
      const csv = await accountingCsv(deps.reads(request), from, to);
      return sendFile(reply, 'text/csv; charset=utf-8', `billing-${from}-${to}.csv`, csv);
    },
  );
};
