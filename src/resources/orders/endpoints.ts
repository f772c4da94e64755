import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** Where this folder's resources live in the API. */
export const ordersEndpoints: Record<string, ResourceEndpoints> = {
  orders: { list: 'api/orders/all', one: 'api/orders/order', delete: 'api/orders/delete' },
};
