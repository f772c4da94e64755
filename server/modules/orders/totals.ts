/** Money is integer cents: line and order totals are exact sums, never floats. */
export interface PricedLine {
  quantity: number;
  unitPrice: number;
  /** The line with VAT (server/modules/orders/lines.ts). */
  total: number;
  vat: number;
}

/** An order's total with VAT: the sum of its lines' totals, so the lines always add up to it. */
export const orderTotal = (lines: readonly PricedLine[]): number => lines.reduce((sum, line) => sum + line.total, 0);

export const orderVat = (lines: readonly PricedLine[]): number => lines.reduce((sum, line) => sum + line.vat, 0);
