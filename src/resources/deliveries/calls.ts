import { apiPost } from '../../providers/http';
import type { Delivery } from './types';

export interface NewDelivery {
  order_id: number;
  lines: { order_line_id: number; quantity: number }[];
  courier?: string;
  waybill?: string;
}

/** The calls the deliveries screens read (server/modules/deliveries/routes.ts). */
export const DELIVERIES = 'api/deliveries/all';
export const ORDER_STOCK = 'api/stock/order';

/** `api/deliveries/create`: a refusal is an ApiError naming `lines.N.quantity` (N: the line's place in `lines`). */
export const createDelivery = (body: NewDelivery) => apiPost<{ data: Delivery }>('api/deliveries/create', body).then((answer) => answer.data);

/** The proof screen of a delivery (src/routes.ts). */
export const proofPath = (deliveryId: number) => `/deliveries/${deliveryId}/proof`;
