/** A delivery as api/deliveries answers it (server/modules/deliveries/wire.ts). */
export interface Delivery {
  id: number;
  number: string;
  order_id: number;
  order_reference: string;
  client_id: number;
  branch_id: number;
  courier: string;
  waybill: string;
  created_at: string;
  /** The invoice of what left; null when the order was invoiced whole before it left. */
  invoice_id: number | null;
  invoice_number: string | null;
  /** Set together once the proof of delivery is in. */
  signed_by: string | null;
  delivered_at: string | null;
  lines: { order_line_id: number; product_id: number; product_name: string; sku: string; quantity: number }[];
}

/** A row of api/stock/order: what one order line holds reserved, backordered and delivered. */
export interface LineStock {
  order_line_id: number | null;
  product_id: number;
  quantity: number;
  reserved: number;
  backordered: number;
  delivered: number;
}
