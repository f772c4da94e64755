import { orderStatusValues } from '../../db/schema/orders';
import { HttpError } from '../../http/errors';

/** An order moves forward one step at a time; it can be cancelled until production starts. */
export const orderStatuses = orderStatusValues;
export type OrderStatus = (typeof orderStatuses)[number];

export const nextStatuses: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['in_production', 'cancelled'],
  in_production: ['ready'],
  ready: ['dispatched'],
  dispatched: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Lines and notes may change only before production starts. */
export const editableStatuses: readonly OrderStatus[] = ['new', 'confirmed'];
/** An order that went further is part of the business's history and is never deleted. */
export const deletableStatuses: readonly OrderStatus[] = ['new', 'cancelled'];

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => nextStatuses[from].includes(to);

/** The status an order moves to, or a 409 naming `status` when the workflow does not allow it. */
export function advanceStatus(order: { status: OrderStatus }, to: OrderStatus): OrderStatus {
  if (!canMove(order.status, to)) {
    const allowed = nextStatuses[order.status];
    const hint = allowed.length ? `allowed: ${allowed.join(', ')}` : 'it is final';
    throw new HttpError(409, `An order that is ${order.status} cannot become ${to} (${hint})`, {
      status: `cannot change from ${order.status} to ${to}`,
    });
  }
  return to;
}

export function assertEditable(order: { status: OrderStatus }): void {
  if (!editableStatuses.includes(order.status)) {
    throw new HttpError(409, `An order that is ${order.status} can no longer be changed`, { status: 'not editable' });
  }
}

export function assertDeletable(order: { status: OrderStatus }): void {
  if (!deletableStatuses.includes(order.status)) {
    throw new HttpError(409, `An order that is ${order.status} cannot be deleted; only new or cancelled orders can`, {
      status: 'not deletable',
    });
  }
}
