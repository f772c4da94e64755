import type { Db } from '../../db/client';
import type { CurrentUser } from '../../auth/roles';
import { recordAudit } from '../../audit/record';
import { badRequest } from '../../http/errors';
import { itemId, lockLevels, recordMovements } from './levels';
import { fillBackorders } from './reservations';
import { levelOf } from './queries';
import type { AdjustInput } from './wire';
import { saleItemOf } from './saleItem';

/**
 * `stock/adjust`: units found or counted (+) or lost (−) in a branch, with the reason, in one
 * transaction with its movement, its audit entry and the backorders it fills (oldest first). On
 * hand never goes below zero, nor below what confirmed orders reserved: those units are promised.
 */
export async function adjustStock(db: Db, user: CurrentUser, input: AdjustInput, now: Date) {
  const reason = input.reason.trim();
  if (!reason) throw badRequest('reason', 'reason is required: say why the stock changed');
  if (input.quantity === 0) throw badRequest('quantity', 'quantity must not be 0');
  return db.transaction(async (tx) => {
    const item = await saleItemOf(tx, input);
    const level = (await lockLevels(tx, [item])).get(itemId(item))!;
    if (level.onHand + input.quantity < 0) {
      throw badRequest('quantity', `quantity would leave ${level.onHand + input.quantity} on hand: only ${level.onHand} are on hand`);
    }
    if (level.onHand + input.quantity < level.reserved) {
      throw badRequest('quantity', `quantity would leave less on hand than the ${level.reserved} reserved for confirmed orders`);
    }
    const origin = { at: now, by: user.id };
    await recordMovements(tx, [{ ...item, kind: input.kind ?? 'adjustment', quantity: input.quantity, reason, userId: user.id, at: now }]);
    if (input.quantity > 0) await fillBackorders(tx, [item], origin);
    const after = await levelOf(tx, item.branchId, item.productId);
    await recordAudit(tx, {
      userId: user.id,
      action: 'adjust_stock',
      entity: 'stock',
      entityId: after.id,
      data: { branch_id: item.branchId, product_id: item.productId, kind: input.kind ?? 'adjustment', quantity: input.quantity, reason, on_hand: after.on_hand, reserved: after.reserved },
    });
    return after;
  });
}
