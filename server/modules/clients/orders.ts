import type { Db } from '../../db/client';

/** How the client view summarises a client's orders: how many in all and per status. */
export interface OrderCounts {
  total: number;
  by_status: Record<string, number>;
}

export interface ClientOrders {
  /** The requested page of the client's orders, newest first. */
  orders: Record<string, unknown>[];
  order_counts: OrderCounts;
}

export const CLIENT_ORDERS_PER_PAGE = 10;

/**
 * The client's orders for `clients/client`. Orders do not exist yet: the orders issue fills this
 * in (a page of `CLIENT_ORDERS_PER_PAGE`, and the counts), and the answer's shape stays.
 */
export async function ordersOfClient(_db: Db, _clientId: number, _page: number): Promise<ClientOrders> {
  return { orders: [], order_counts: { total: 0, by_status: {} } };
}
