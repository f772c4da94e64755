import { apiPost } from '../../providers/http';
import type { StockLevel } from './types';

export interface AdjustBody {
  branch_id: number;
  product_id: number;
  /** Signed change of on hand. */
  quantity: number;
  reason: string;
  kind: 'adjustment' | 'count';
}

/** `api/stock/adjust`: answers the item's row as it is now; a refusal is an ApiError naming the field. */
export const adjustStock = (body: AdjustBody) => apiPost<{ data: StockLevel }>('api/stock/adjust', body).then((answer) => answer.data);
