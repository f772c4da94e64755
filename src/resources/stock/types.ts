import type { StockAvailability, StockMovementKind } from '../../../shared/stock/availability';

/** A row of api/stock/levels (server/modules/stock/wire.ts). */
export interface StockLevel {
  id: string;
  branch_id: number;
  branch_name: string;
  product_id: number;
  product_name: string;
  sku: string;
  on_hand: number;
  reserved: number;
  available: number;
  backordered: number;
  in_production: number;
  /** The product's low-stock mark, its own or the company's default. */
  low_mark: number;
}

/** A row of api/stock/movements. */
export interface StockMovement {
  id: number;
  branch_id: number;
  product_id: number;
  product_name: string;
  kind: StockMovementKind;
  quantity: number;
  reserved: number;
  backordered: number;
  reason: string;
  order_id: number | null;
  user_name: string | null;
  at: string;
}

export interface ProductAvailability {
  product_id: number;
  availability: StockAvailability;
  /** For a backordered product, the day its earliest work order is planned for. */
  expected_on: string | null;
}
