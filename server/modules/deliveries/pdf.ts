import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches, clients, orderLines, orders, products } from '../../db/schema';
import type { CurrentUser } from '../../auth/roles';
import { notFound } from '../../http/errors';
import { settingsRow, supplierParty } from '../billing/settings';
import { context, continuation, footer, heading, labelled, letterhead, note, party, type Context } from '../billing/pdf/blocks';
import { date, fill, pdfLocale, quantity } from '../billing/pdf/format';
import { colors, Sheet, table, type Column } from '../billing/pdf/layout';
import type { PdfLocale, PdfSupplier } from '../billing/pdf/model';
import { businessDay } from '../../../shared/billing/accounts';
import { deliveryDocumentsAr } from '../../../i18n/delivery-documents/ar';
import { deliveryDocumentsEn, type DeliveryDocumentLabels } from '../../../i18n/delivery-documents/en';
import { deliveryDocumentsEs } from '../../../i18n/delivery-documents/es';
import { deliveryDocumentsFr } from '../../../i18n/delivery-documents/fr';
import { deliveryDocumentsZh } from '../../../i18n/delivery-documents/zh';
import { reservedLeft } from '../stock/deliver';
import { getDelivery } from './queries';

/**
 * The delivery note and the picking slip as PDFs, drawn with the billing PDFs' own sheet,
 * letterhead, tables and footer (so Arabic reads right to left and Chinese has its glyphs exactly
 * as on the invoices), in the client's language unless another is asked for.
 */

const labels: Record<PdfLocale, DeliveryDocumentLabels> = {
  en: deliveryDocumentsEn,
  ar: deliveryDocumentsAr,
  es: deliveryDocumentsEs,
  fr: deliveryDocumentsFr,
  zh: deliveryDocumentsZh,
};

interface Paper {
  supplier: PdfSupplier;
  client: { name: string; address: string; vat_number: string };
  locale: PdfLocale;
  branch: string;
}

async function paperOf(db: Db, orderId: number, asked: string | undefined): Promise<Paper & { reference: string }> {
  const [row] = await db
    .select({ reference: orders.reference, name: clients.name, address: clients.address, vat: clients.vatNumber, locale: clients.locale, branch: branches.name })
    .from(orders)
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .where(eq(orders.id, orderId));
  if (!row) throw Object.assign(notFound('Order'), { errors: { order_id: 'Order not found' } });
  const supplier = supplierParty(await settingsRow(db)) as PdfSupplier;
  return { supplier, client: { name: row.name, address: row.address, vat_number: row.vat }, locale: pdfLocale(asked ?? row.locale), branch: row.branch, reference: row.reference };
}

/** Item and code, then the figures of each line (quantities always read as numbers). */
function itemTable(ctx: Context, words: DeliveryDocumentLabels, figures: string[], rows: { name: string; sku: string; values: number[] }[]): void {
  const { sheet } = ctx;
  const fixed: Column[] = figures.map((label) => ({ label, width: 70, align: 'number' }));
  const columns: Column[] = [{ label: words.item, width: sheet.width - fixed.length * 70, align: 'start' }, ...fixed];
  table(
    sheet,
    columns,
    rows.map((row) => [{ text: row.name, sub: row.sku, direction: 'auto' as const }, ...row.values.map((value) => quantity(value))]),
  );
  sheet.y += 14;
}

/** Where the receiver signs: name, signature and date, each on its own line. */
function signingSpace(ctx: Context, words: DeliveryDocumentLabels): void {
  const { sheet } = ctx;
  sheet.ensure(130);
  sheet.y += heading(ctx, words.received, 0, sheet.y, sheet.width);
  sheet.y += 8;
  for (const label of [words.received_by, words.signature, words.signed_on]) {
    sheet.text(label, 0, sheet.y + 14, { width: 90, size: 9, color: colors.muted });
    sheet.rule(95, sheet.y + 26, sheet.width * 0.6);
    sheet.y += 34;
  }
}

export async function renderDeliveryNote(paper: Paper, delivery: Awaited<ReturnType<typeof getDelivery>>): Promise<Buffer> {
  const { locale } = paper;
  const words = labels[locale];
  const subject = `${deliveryDocumentsEn.delivery_note} ${delivery.number}`;
  const sheet = new Sheet(locale, { title: subject, author: paper.supplier.name, subject });
  const ctx = context(sheet, locale);
  const title = { words: words.delivery_note };
  sheet.onNewPage = continuation(ctx, paper.supplier, title, delivery.number);
  letterhead(ctx, paper.supplier, title, [
    { label: words.number, value: delivery.number, strong: true },
    { label: words.order, value: delivery.order_reference },
    { label: words.date, value: date(businessDay(new Date(delivery.created_at)), locale) },
    { label: words.branch, value: paper.branch },
    ...(delivery.courier ? [{ label: words.courier, value: delivery.courier }] : []),
    ...(delivery.waybill ? [{ label: words.waybill, value: delivery.waybill }] : []),
  ]);
  sheet.y += party(ctx, words.deliver_to, paper.client, 0, sheet.y, sheet.width * 0.6) + 12;
  itemTable(ctx, words, [words.quantity], delivery.lines.map((line) => ({ name: line.product_name, sku: line.sku, values: [line.quantity] })));
  if (delivery.signed_by && delivery.delivered_at) note(ctx, fill(words.signed_by, { name: delivery.signed_by, date: date(businessDay(new Date(delivery.delivered_at)), locale) }));
  else signingSpace(ctx, words);
  return sheet.finish(footer(ctx, paper.supplier));
}

/** `deliveries/note_pdf`: a delivery the caller may see (404 otherwise). */
export async function deliveryNotePdf(db: Db, user: CurrentUser, id: number, locale?: string): Promise<{ pdf: Buffer; filename: string }> {
  const delivery = await getDelivery(db, user, id);
  const paper = await paperOf(db, delivery.order_id, locale);
  return { pdf: await renderDeliveryNote(paper, delivery), filename: `${delivery.number}.pdf` };
}

/** `deliveries/picking_pdf`: what the store picks for an order ready to go, per line: ordered, delivered, reserved to pick. */
export async function pickingSlipPdf(db: Db, orderId: number, locale?: string): Promise<{ pdf: Buffer; filename: string }> {
  const paper = await paperOf(db, orderId, locale);
  const words = labels[paper.locale];
  const held = new Map((await reservedLeft(db, orderId)).map((line) => [line.orderLineId, line]));
  const lines = await db
    .select({ id: orderLines.id, name: products.name, sku: products.sku, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const stock = lines.filter((line) => held.has(line.id));
  const subject = `${deliveryDocumentsEn.picking_slip} ${paper.reference}`;
  const sheet = new Sheet(paper.locale, { title: subject, author: paper.supplier.name, subject });
  const ctx = context(sheet, paper.locale);
  const title = { words: words.picking_slip };
  sheet.onNewPage = continuation(ctx, paper.supplier, title, paper.reference);
  letterhead(ctx, paper.supplier, title, [
    { label: words.order, value: paper.reference, strong: true },
    { label: words.branch, value: paper.branch },
  ]);
  sheet.y += party(ctx, words.deliver_to, paper.client, 0, sheet.y, sheet.width * 0.6) + 12;
  itemTable(
    ctx,
    words,
    [words.ordered, words.delivered, words.to_pick],
    stock.map((line) => ({ name: line.name, sku: line.sku, values: [line.quantity, held.get(line.id)!.delivered, held.get(line.id)!.reserved] })),
  );
  if (!stock.some((line) => held.get(line.id)!.reserved > 0)) note(ctx, words.nothing_to_pick);
  note(ctx, labelled(paper.locale, words.order, paper.reference));
  const pdf = await sheet.finish(footer(ctx, paper.supplier));
  return { pdf, filename: `picking-${paper.reference}.pdf` };
}
