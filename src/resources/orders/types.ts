import type { ClassTotals, VatClass } from '../../../shared/billing/records';
import type { OrderStatus } from './statuses';
import type { CourierTracking } from '../courier/types';

/** An invoice as an order names it. */
export interface InvoiceRef {
  id: number;
  number: string;
}

/** orders/order's answer (snake_case wire names). */
export interface OrderDetails extends CourierTracking {
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
    /** The line's own id (a delivery names the lines it sends by it). */
    id: number;
    product_id: number;
    product_name: string;
    sku: string;
    quantity: number;
    unit_price: number;
    /** With VAT. */
    line_total: number;
    vat: number;
    vat_class: VatClass;
    rate_bp: number;
    property_value_ids: number[];
  }[];
  /** The lines' VAT summed; `total` is with VAT. */
  vat: number;
  total_excl_vat: number;
  prices_include_vat: boolean;
  vat_by_class: ClassTotals[];
  /** The order's first tax invoice once issued (on dispatch, or by an admin). */
  invoice: InvoiceRef | null;
  /**
   * Every tax invoice of the order, oldest first: one per delivery when it left in several. Absent
   * from an order a phone kept from before the app read it (its screens' cache lasts a week).
   */
  invoices?: InvoiceRef[];
  history: { from_status: OrderStatus | null; to_status: OrderStatus; by: string; at: string }[];
}
