import { ageItems, runningBalance } from '../../../../shared/billing/accounts';
import { documentTotals, lineAmounts, type VatClass } from '../../../../shared/billing/vat';
import type { PdfDocument, PdfLine, PdfLocale, PdfParty, PdfStatement, PdfSupplier } from './model';

/**
 * Sample documents with the figures worked out by the real VAT arithmetic: for
 * scripts/sample-pdfs.ts (PDFs to look at), the tests and the timing in index.ts.
 */

export const sampleSupplier: PdfSupplier = {
  name: 'Karoo Wholesale Supplies (Pty) Ltd',
  address: '12 Long Street\nCape Town 8001\nSouth Africa',
  vat_number: '4123456789',
  registration_number: '2015/123456/07',
  bank: { bank_name: 'First National Bank', account_name: 'Karoo Wholesale Supplies', account_number: '62812345678', branch_code: '250655' },
};

export const sampleRecipient: PdfParty = {
  name: 'Ubuntu Community Stores CC',
  address: '45 Jan Smuts Avenue\nRosebank, Johannesburg 2196',
  vat_number: '4987654321',
};

/** A product name in the reader's language, to see mixed scripts in a description. */
const localProduct: Record<PdfLocale, string> = {
  en: 'Medjool dates, 1 kg',
  ar: 'تمور مجدول، 1 كغ (Medjool)',
  es: 'Dátiles Medjool, 1 kg',
  fr: 'Dattes Medjool, 1 kg',
  zh: '椰枣 Medjool，1 公斤',
};

interface Item {
  description: string;
  sku: string;
  quantity: number;
  unit_price: number;
  vat_class: VatClass;
}

function linesOf(items: Item[], pricesIncludeVat: boolean): { lines: PdfLine[]; totals: ReturnType<typeof documentTotals> } {
  const lines = items.map((item) => {
    const rateBp = item.vat_class === 'standard' ? 1500 : 0;
    const amounts = lineAmounts({ quantity: item.quantity, unit_price: item.unit_price, vat_class: item.vat_class, rate_bp: rateBp }, pricesIncludeVat);
    return { ...item, rate_bp: amounts.rate_bp, total_excl_vat: amounts.total_excl_vat, vat: amounts.vat, total: amounts.total };
  });
  return { lines, totals: documentTotals(lines) };
}

function documentOf(base: Omit<PdfDocument, 'lines' | 'total_excl_vat' | 'vat' | 'total' | 'by_class'>, items: Item[]): PdfDocument {
  const { lines, totals } = linesOf(items, base.prices_include_vat);
  return { ...base, lines, total_excl_vat: totals.total_excl_vat, vat: totals.vat, total: totals.total, by_class: totals.by_class };
}

/** A full tax invoice: standard-rated, zero-rated and exempt lines, prices without VAT. */
export function sampleInvoice(locale: PdfLocale = 'en'): PdfDocument {
  return documentOf(
    {
      kind: 'invoice',
      full: true,
      number: 'INV-2025-000123',
      issue_date: '2025-03-14',
      due_date: '2025-04-13',
      order_reference: 'ORD-88412',
      supplier: sampleSupplier,
      recipient: sampleRecipient,
      prices_include_vat: false,
    },
    [
      { description: 'Rooibos tea, 80 bags (case of 12)', sku: 'RB-080-12', quantity: 10, unit_price: 54_999, vat_class: 'standard' },
      { description: localProduct[locale], sku: 'DT-MED-1', quantity: 6, unit_price: 12_950, vat_class: 'standard' },
      { description: 'Brown bread, 700 g (basic foodstuff)', sku: 'BB-700', quantity: 24, unit_price: 1_899, vat_class: 'zero' },
      { description: 'Staff housing, Unit 4 (residential rent, March)', sku: 'RENT-U4', quantity: 1, unit_price: 650_000, vat_class: 'exempt' },
      { description: 'Delivery to Rosebank', sku: 'DEL-JHB', quantity: 1, unit_price: 35_000, vat_class: 'standard' },
    ],
  );
}

/** An abridged tax invoice (under R5 000): no recipient, prices with VAT. */
export function sampleAbridgedInvoice(locale: PdfLocale = 'en'): PdfDocument {
  return documentOf(
    {
      kind: 'invoice',
      full: false,
      number: 'INV-2025-000124',
      issue_date: '2025-03-15',
      supplier: sampleSupplier,
      recipient: { name: '', address: '', vat_number: '' },
      prices_include_vat: true,
    },
    [
      { description: localProduct[locale], sku: 'DT-MED-1', quantity: 2, unit_price: 14_893, vat_class: 'standard' },
      { description: 'Brown bread, 700 g (basic foodstuff)', sku: 'BB-700', quantity: 3, unit_price: 1_899, vat_class: 'zero' },
    ],
  );
}

/** A credit note for goods returned against the sample invoice. */
export function sampleCreditNote(locale: PdfLocale = 'en'): PdfDocument {
  return documentOf(
    {
      kind: 'credit_note',
      full: true,
      number: 'CN-2025-000017',
      issue_date: '2025-03-20',
      invoice_number: 'INV-2025-000123',
      reason: 'Two cases of Rooibos tea returned, damaged in transit.',
      supplier: sampleSupplier,
      recipient: sampleRecipient,
      prices_include_vat: false,
    },
    [
      { description: 'Rooibos tea, 80 bags (case of 12)', sku: 'RB-080-12', quantity: 2, unit_price: 54_999, vat_class: 'standard' },
      { description: localProduct[locale], sku: 'DT-MED-1', quantity: 1, unit_price: 12_950, vat_class: 'standard' },
    ],
  );
}

/** A member who is not a VAT vendor: a name and an address, no VAT number. */
export const sampleMember: PdfParty = {
  name: 'Nomsa Dlamini',
  address: '8 Vilakazi Street\nOrlando West, Soweto 1804',
  vat_number: '',
};

/** A credit note against the abridged sample invoice: not a full one, yet it names the customer (s21). */
export function sampleAbridgedCreditNote(locale: PdfLocale = 'en'): PdfDocument {
  return documentOf(
    {
      kind: 'credit_note',
      full: false,
      number: 'CN-2025-000018',
      issue_date: '2025-03-22',
      invoice_number: 'INV-2025-000124',
      reason: 'One jar returned unopened.',
      supplier: sampleSupplier,
      recipient: sampleMember,
      prices_include_vat: true,
    },
    [{ description: localProduct[locale], sku: 'DT-MED-1', quantity: 3, unit_price: 14_893, vat_class: 'standard' }],
  );
}

/** A debit note: a charge left off the sample invoice. */
export function sampleDebitNote(): PdfDocument {
  return documentOf(
    {
      kind: 'debit_note',
      full: true,
      number: 'DN-2025-000005',
      issue_date: '2025-03-21',
      due_date: '2025-04-20',
      invoice_number: 'INV-2025-000123',
      reason: 'After-hours delivery surcharge not charged on the invoice.',
      supplier: sampleSupplier,
      recipient: sampleRecipient,
      prices_include_vat: false,
    },
    [{ description: 'After-hours delivery surcharge', sku: 'DEL-AH', quantity: 1, unit_price: 25_000, vat_class: 'standard' }],
  );
}

/** A month's statement: invoices, notes and payments, with balances and ageing that add up. */
export function sampleStatement(entryCount = 6): PdfStatement {
  const invoice = sampleInvoice();
  const credit = sampleCreditNote();
  const debit = sampleDebitNote();
  const base = [
    { date: '2025-03-03', type: 'invoice' as const, number: 'INV-2025-000098', debit: 1_842_350, credit: 0 },
    { date: '2025-03-07', type: 'payment' as const, number: 'EFT 0307-4412', debit: 0, credit: 1_250_000 },
    { date: '2025-03-14', type: 'invoice' as const, number: invoice.number, debit: invoice.total, credit: 0 },
    { date: '2025-03-20', type: 'credit_note' as const, number: credit.number, debit: 0, credit: credit.total },
    { date: '2025-03-21', type: 'debit_note' as const, number: debit.number, debit: debit.total, credit: 0 },
    { date: '2025-03-28', type: 'payment' as const, number: 'EFT 0328-9921', debit: 0, credit: 500_000 },
  ];
  const raw = Array.from({ length: entryCount }, (_, index) => {
    const entry = base[index % base.length];
    return index < base.length ? entry : { ...entry, number: `${entry.number}-${Math.floor(index / base.length)}` };
  });
  const opening = 2_315_075;
  const { entries, closing } = runningBalance(opening, raw);
  // Open items as the billing service would age them at the statement date.
  const ageing = ageItems(
    [
      { due: '2024-10-31', open: 215_075 },
      { due: '2024-12-31', open: 300_000 },
      { due: '2025-01-31', open: 600_000 },
      { due: '2025-02-28', open: 550_000 },
      { due: '2025-04-02', open: closing - 1_665_075 },
    ],
    '2025-03-31',
  );
  return {
    supplier: sampleSupplier,
    client: sampleRecipient,
    from: '2025-03-01',
    to: '2025-03-31',
    opening_balance: opening,
    closing_balance: closing,
    entries,
    ageing,
  };
}
