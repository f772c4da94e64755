/**
 * Stock words both sides use. A member is told one of three words per product and never a
 * figure: what other clients ordered, and how much the company holds, are not theirs to know.
 */
export const STOCK_AVAILABILITY = ['in_stock', 'low', 'backordered'] as const;
export type StockAvailability = (typeof STOCK_AVAILABILITY)[number];

/**
 * Below this many units available a product is "low" (and the `stock.low` webhook fires as it
 * crosses the mark). One mark for every product for now: the catalogue has no per-product
 * setting yet, and a wrong guess per product would be worse than one honest default.
 */
export const LOW_STOCK_MARK = 5;

/** in stock, low (fewer than the mark left), or backordered (nothing available: an order now waits). */
export function availabilityOf(available: number, lowMark = LOW_STOCK_MARK): StockAvailability {
  if (available <= 0) return 'backordered';
  return available < lowMark ? 'low' : 'in_stock';
}

/** Why a level moved. count/adjustment are people's; the rest follow orders, production and deliveries. */
export const stockMovementKinds = ['count', 'adjustment', 'production', 'delivery', 'return', 'reservation', 'backorder_filled', 'release', 'cancellation'] as const;
export type StockMovementKind = (typeof stockMovementKinds)[number];
