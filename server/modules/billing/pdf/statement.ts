import type { EntryType } from '../../../../shared/billing/accounts';
import { ageingBuckets, type AgeingBucket } from '../../../../shared/billing/accounts';
import type { BillingDocumentLabels } from '../../../../i18n/billing-documents/en';
import { bankDetails, context, continuation, footer, heading, letterhead, note, party, type Context } from './blocks';
import { date, englishLabels, money } from './format';
import { colors, pairs, Sheet, table, type Cell, type Column } from './layout';
import type { PdfLocale, PdfStatement } from './model';

/**
 * A statement of account: the opening balance, every invoice, note and payment of the period with
 * the running balance, the closing balance, and how old what is owed is (current, 30, 60, 90 and
 * 120+ days past due).
 */

const entryLabels: Record<EntryType, keyof BillingDocumentLabels> = {
  invoice: 'entry_invoice',
  debit_note: 'entry_debit_note',
  credit_note: 'entry_credit_note',
  payment: 'entry_payment',
};

const bucketLabels: Record<AgeingBucket, keyof BillingDocumentLabels> = {
  current: 'ageing_current',
  days_1_30: 'ageing_1_30',
  days_31_60: 'ageing_31_60',
  days_61_90: 'ageing_61_90',
  days_91_120: 'ageing_91_120',
  days_120_plus: 'ageing_120_plus',
};

/** A period "1 Mar 2025 – 31 Mar 2025". */
const period = (ctx: Context, statement: PdfStatement): string => `${date(statement.from, ctx.locale)} – ${date(statement.to, ctx.locale)}`;

/** The account holder at the start, the opening and closing balances at the end. */
function summary(ctx: Context, statement: PdfStatement): void {
  const { sheet, labels } = ctx;
  const top = sheet.y;
  const partyHeight = party(ctx, labels.client, statement.client, 0, top, sheet.width * 0.5);
  const width = sheet.width * 0.4;
  const x = sheet.width - width;
  let y = top + heading(ctx, labels.balance, x, top, width);
  y += pairs(sheet, x, y, width, [
    { label: labels.opening_balance, value: money(statement.opening_balance) },
    { label: labels.closing_balance, value: money(statement.closing_balance), strong: true },
  ]);
  sheet.y = Math.max(top + partyHeight, y) + 14;
}

function entries(ctx: Context, statement: PdfStatement): void {
  const { sheet, labels, locale } = ctx;
  const fixed: Column[] = [
    { label: labels.debit, width: 74, align: 'number' },
    { label: labels.credit, width: 74, align: 'number' },
    { label: labels.balance, width: 80, align: 'number' },
  ];
  const dateWidth = 76;
  const typeWidth = 92;
  const columns: Column[] = [
    { label: labels.date, width: dateWidth, align: 'start' },
    { label: labels.type, width: typeWidth, align: 'start' },
    { label: labels.number, width: sheet.width - dateWidth - typeWidth - fixed.reduce((sum, column) => sum + column.width, 0), align: 'start' },
    ...fixed,
  ];
  const balanceRow = (day: string, label: string, balance: number): Cell[] => [
    { text: date(day, locale) },
    { text: label, weight: 'bold' },
    { text: '' },
    { text: '' },
    { text: '' },
    { text: money(balance), weight: 'bold' },
  ];
  const rows: (string | Cell)[][] = [
    balanceRow(statement.from, labels.opening_balance, statement.opening_balance),
    ...statement.entries.map((entry) => [
      date(entry.date, locale),
      labels[entryLabels[entry.type]],
      { text: entry.number, direction: 'auto' as const },
      entry.debit ? money(entry.debit) : '',
      entry.credit ? money(entry.credit) : '',
      money(entry.balance),
    ]),
    balanceRow(statement.to, labels.closing_balance, statement.closing_balance),
  ];
  table(sheet, columns, rows);
  if (!statement.entries.length) {
    sheet.y += 4;
    note(ctx, labels.no_entries);
  }
  sheet.y += 16;
}

/** The ageing: one column per bucket and the total, the oldest debt last. */
function ageing(ctx: Context, statement: PdfStatement): void {
  const { sheet, labels } = ctx;
  sheet.ensure(80);
  sheet.y += heading(ctx, labels.ageing, 0, sheet.y, sheet.width);
  const total = ageingBuckets.reduce((sum, bucket) => sum + statement.ageing[bucket], 0);
  const width = sheet.width / (ageingBuckets.length + 1);
  table(
    sheet,
    [...ageingBuckets.map((bucket) => ({ label: labels[bucketLabels[bucket]], width, align: 'number' as const })), { label: labels.total_due, width, align: 'number' }],
    [[...ageingBuckets.map((bucket) => money(statement.ageing[bucket])), { text: money(total), weight: 'bold' }]],
  );
  sheet.rule(0, sheet.y, sheet.width, colors.accent, 1);
  sheet.y += 16;
}

export async function renderStatement(statement: PdfStatement, locale: PdfLocale): Promise<Buffer> {
  const subject = `${englishLabels.statement} ${statement.client.name} ${statement.from} – ${statement.to}`;
  const sheet = new Sheet(locale, { title: subject, author: statement.supplier.name, subject });
  const ctx = context(sheet, locale);
  sheet.onNewPage = continuation(ctx, statement.supplier, 'statement', statement.client.name);

  letterhead(ctx, statement.supplier, 'statement', [
    { label: ctx.labels.statement_date, value: date(statement.to, locale), strong: true },
    { label: ctx.labels.period, value: period(ctx, statement) },
  ]);
  summary(ctx, statement);
  entries(ctx, statement);
  ageing(ctx, statement);
  bankDetails(ctx, statement.supplier);
  note(ctx, ctx.labels.currency_note);
  return sheet.finish(footer(ctx, statement.supplier));
}
