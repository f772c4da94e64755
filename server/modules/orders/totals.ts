/** Money is integer cents (DESIGN §1): line and order totals are exact sums, never floats. */
export interface PricedLine {
  quantity: number;
  unitPrice: number;
}

export const lineTotal = (line: PricedLine): number => line.quantity * line.unitPrice;

export const orderTotal = (lines: readonly PricedLine[]): number => lines.reduce((sum, line) => sum + lineTotal(line), 0);
