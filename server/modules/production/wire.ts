import { Type, type Static } from 'typebox';
import { Id, IdQuery, MAX_ID, dataOf, listOf } from '../../http/schemas';
import { listQuerySchema } from '../../http/listQuery';
import { Nullable } from '../clients/schemas';
import { MAX_QUANTITY } from '../../../shared/orders/limits';
import { workOrderStatuses } from '../../db/schema/stock';

/** The production calls' shapes: quantities are whole units, dates YYYY-MM-DD. */

const Status = Type.Enum([...workOrderStatuses]);

export const PlanQuery = Type.Object({
  /** Absent or -1: every branch. */
  branch_id: Type.Optional(Type.Integer({ minimum: -1, maximum: MAX_ID })),
});
export const PlanRow = Type.Object({
  id: Type.String(),
  branch_id: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  sku: Type.String(),
  /** Backordered by confirmed orders. */
  demand: Type.Integer(),
  available: Type.Integer(),
  in_production: Type.Integer(),
  /** Demand that no open work order covers yet. */
  to_make: Type.Integer(),
});
export type PlanRecord = Static<typeof PlanRow>;
export const PlanReply = dataOf(Type.Array(PlanRow));

export const workOrderSortFields = ['id', 'planned_for', 'status'] as const;
export const WorkOrderListQuery = listQuerySchema(workOrderSortFields, {
  branch_id: Type.Optional(Type.Integer({ minimum: -1, maximum: MAX_ID })),
  product_id: Type.Optional(Id),
  status: Type.Optional(Status),
});
export type WorkOrderListParams = Static<typeof WorkOrderListQuery>;

export const WorkOrder = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  branch_id: Type.Integer(),
  product_id: Type.Integer(),
  product_name: Type.String(),
  sku: Type.String(),
  quantity: Type.Integer(),
  made: Type.Integer(),
  status: Status,
  planned_for: Nullable(Type.String({ format: 'date' })),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type WorkOrderRecord = Static<typeof WorkOrder>;
export const WorkOrderList = listOf(WorkOrder);
export const WorkOrderReply = dataOf(WorkOrder);
export const WorkOrderQuery = IdQuery;

export const CreateWorkOrderBody = Type.Object(
  {
    branch_id: Id,
    product_id: Id,
    quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }),
    planned_for: Type.Optional(Nullable(Type.String({ format: 'date' }))),
  },
  { additionalProperties: false },
);
export type CreateWorkOrderInput = Static<typeof CreateWorkOrderBody>;

export const CompleteWorkOrderBody = Type.Object(
  {
    id: Id,
    /** Made now: part of what is left (the order stays in progress) or all of it (done). */
    quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }),
  },
  { additionalProperties: false },
);
export type CompleteWorkOrderInput = Static<typeof CompleteWorkOrderBody>;
