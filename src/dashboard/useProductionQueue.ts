import { useApiGet } from '../resources/shared/useApiGet';
import { useLiveRefresh } from '../resources/shared/useLiveRefresh';

/** api/orders/production_queue: quantities and counts, never money (server/modules/orders/productionQueue.ts). */
export interface ProductionQueue {
  data: { product_id: number; sku: string; name: string; quantity: number; orders: number }[];
  waiting: { status: string; orders: number }[];
}

/** The production queue, asked again when orders change anywhere (the live feed). */
export function useProductionQueue() {
  const queue = useApiGet<ProductionQueue>('api/orders/production_queue', {});
  useLiveRefresh('orders', undefined, queue.refetch);
  return queue;
}
