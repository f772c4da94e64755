import { documentTotals, type ClassTotals, type VatClass } from '../../../shared/billing/vat';

/** An order's totals per VAT class, from its lines' frozen figures (the same sums its invoice will show). */
export function vatByClass(lines: readonly { line_total: number; vat: number; vat_class: VatClass | string; rate_bp: number }[]): ClassTotals[] {
  return documentTotals(
    lines.map((line) => ({ vat_class: line.vat_class as VatClass, rate_bp: line.rate_bp, total: line.line_total, vat: line.vat, total_excl_vat: line.line_total - line.vat })),
  ).by_class;
}
