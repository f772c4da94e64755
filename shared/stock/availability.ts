/**
 * Stock words both sides use. A member is told one of three words per product and never a
 * figure: what other clients ordered, and how much the company holds, are not theirs to know.
 */
export const STOCK_AVAILABILITY = ['in_stock', 'low', 'backordered'] as const;
export type StockAvailability = (typeof STOCK_AVAILABILITY)[number];

/**
 * Below this many units available a product is "low" (and the `stock.low` webhook fires as it
 * crosses the mark), unless the product has a mark of its own (`low_stock_mark`, set on its form):
 * the default for a product nobody has judged yet.
 */
export const LOW_STOCK_MARK = 5;
/** The highest mark a product may have. */
export const MAX_LOW_STOCK_MARK = 1_000_000;

/** A product's low mark: its own, or the default. */
export const lowMarkOf = (own: number | null | undefined): number => own ?? LOW_STOCK_MARK;

/** in stock, low (fewer than the mark left), or backordered (nothing available: an order now waits). */
export function availabilityOf(available: number, lowMark = LOW_STOCK_MARK): StockAvailability {
  if (available <= 0) return 'backordered';
  return available < lowMark ? 'low' : 'in_stock';
}

/** Why a level moved. count/adjustment are people's; the rest follow orders, production and deliveries. */
export const stockMovementKinds = ['count', 'adjustment', 'production', 'delivery', 'return', 'reservation', 'backorder_filled', 'release', 'cancellation'] as const;
export type StockMovementKind = (typeof stockMovementKinds)[number];
