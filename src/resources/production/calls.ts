import { apiPost } from '../../providers/http';

/** A work order as api/production answers it (server/modules/production/wire.ts). */
export interface WorkOrder {
  id: number;
  number: string;
  branch_id: number;
  product_id: number;
  product_name: string;
  sku: string;
  quantity: number;
  made: number;
  status: 'open' | 'in_progress' | 'done';
  planned_for: string | null;
}

/** A row of the production plan. */
export interface PlanRow {
  id: string;
  branch_id: number;
  product_id: number;
  product_name: string;
  sku: string;
  demand: number;
  available: number;
  in_production: number;
  to_make: number;
}

export const createWorkOrder = (body: { branch_id: number; product_id: number; quantity: number; planned_for?: string | null }) =>
  apiPost<{ data: WorkOrder }>('api/production/createworkorder', body).then((answer) => answer.data);
export const completeWorkOrder = (id: number, quantity: number) => apiPost<{ data: WorkOrder }>('api/production/completeworkorder', { id, quantity }).then((answer) => answer.data);
