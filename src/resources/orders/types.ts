import type { OrderStatus } from './statuses';

/** orders/order's answer (DESIGN §4 wire names). */
export interface OrderDetails {
  id: number;
  reference: string;
  client_id: number;
  client_name: string;
  client_type: string;
  branch_id: number;
  status: OrderStatus;
  total: number;
  line_count: number;
  courier_name: string;
  tracking_number: string;
  notes: string;
  token: string;
  version: number;
  created_at: string;
  updated_at: string;
  next_statuses: OrderStatus[];
  lines: {
    product_id: number;
    product_name: string;
    sku: string;
    quantity: number;
    unit_price: number;
    line_total: number;
    property_value_ids: number[];
  }[];
  history: { from_status: OrderStatus | null; to_status: OrderStatus; by: string; at: string }[];
}
