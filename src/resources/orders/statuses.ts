/** The order workflow (server/modules/orders/workflow.ts), as the screens show it (the server decides what is allowed). */
export const orderStatuses = ['new', 'confirmed', 'in_production', 'ready', 'dispatched', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The steps an order goes through when nothing goes wrong. */
export const forwardStatuses: readonly OrderStatus[] = ['new', 'confirmed', 'in_production', 'ready', 'dispatched', 'delivered'];

export const statusColor: Record<OrderStatus, 'default' | 'info' | 'primary' | 'secondary' | 'warning' | 'success' | 'error'> = {
  new: 'info',
  confirmed: 'primary',
  in_production: 'secondary',
  ready: 'warning',
  dispatched: 'success',
  delivered: 'success',
  cancelled: 'error',
};

export const statusChoices = orderStatuses.map((id) => ({ id, name: `orders.status.${id}` }));

/** Where an order opens: the back-office view for company roles, the member's view for the others. */
export function orderPath(role: string | undefined, id: number | string): string {
  return role === 'admin' || role === 'production' ? `/orders/view/order/${id}` : `/client/view/order/${id}`;
}
