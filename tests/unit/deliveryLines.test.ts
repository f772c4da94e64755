import { describe, expect, it } from 'vitest';
import { deliverableLines, deliveryBody, typedQuantity, waitingLines } from '../../src/resources/deliveries/deliveryLines';
import type { LineStock } from '../../src/resources/deliveries/types';

/** The "New delivery" dialog's arithmetic: which lines can leave, what is sent, and which line a refusal names. */

const line = (id: number, product_name: string) => ({ id, product_name, sku: `SKU-${id}` });
const order = { lines: [line(11, 'Zinc'), line(12, 'Magnesium'), line(13, 'Membership fee'), line(14, 'Iron')] } as Parameters<typeof deliverableLines>[0];
const stock = (order_line_id: number | null, reserved: number, backordered = 0, delivered = 0): LineStock => ({ order_line_id, product_id: 1, quantity: reserved + backordered + delivered, reserved, backordered, delivered });

describe('the lines a delivery can send', () => {
  it('are the order’s lines that still hold units reserved, in the order’s line order', () => {
    // Iron is all backordered, the fee holds no stock, Magnesium's reservation has all left.
    const lines = deliverableLines(order, [stock(14, 0, 5), stock(12, 0, 0, 3), stock(11, 4, 1, 2), stock(null, 9)]);
    expect(lines).toEqual([{ orderLineId: 11, productName: 'Zinc', sku: 'SKU-11', reserved: 4, backordered: 1 }]);
  });

  it('leave the lines that hold nothing reserved and wait for stock whole to be shown apart', () => {
    // Magnesium has left in part and waits for the rest; Iron waits whole; Zinc can leave in part.
    const figures = [stock(14, 0, 5), stock(12, 0, 2, 3), stock(11, 4, 1, 2), stock(null, 9)];
    expect(waitingLines(order, figures)).toEqual([
      { orderLineId: 12, productName: 'Magnesium', sku: 'SKU-12', reserved: 0, backordered: 2 },
      { orderLineId: 14, productName: 'Iron', sku: 'SKU-14', reserved: 0, backordered: 5 },
    ]);
    expect(waitingLines(order, [stock(11, 4, 1)])).toEqual([]);
  });

  it('take a whole number from 0 to what is reserved', () => {
    const zinc = { orderLineId: 11, productName: 'Zinc', sku: 'SKU-11', reserved: 4 };
    expect(['0', ' 4 ', '2'].map((text) => typedQuantity(text, zinc))).toEqual([0, 4, 2]);
    expect(['5', '-1', '1.5', '', 'two'].map((text) => typedQuantity(text, zinc))).toEqual([null, null, null, null, null]);
  });
});

describe('what the dialog sends', () => {
  const lines = deliverableLines(order, [stock(11, 4), stock(12, 3), stock(14, 2)]);

  it('sends everything reserved until told otherwise, with the courier and waybill trimmed when given', () => {
    expect(deliveryBody(7, lines, {}, '', ' ')?.body).toEqual({
      order_id: 7,
      lines: [
        { order_line_id: 11, quantity: 4 },
        { order_line_id: 12, quantity: 3 },
        { order_line_id: 14, quantity: 2 },
      ],
    });
    expect(deliveryBody(7, lines, {}, ' Fastway ', 'WB-1')?.body).toMatchObject({ courier: 'Fastway', waybill: 'WB-1' });
  });

  it('leaves out a line typed 0, and names the right line in a refusal of the body’s Nth line', () => {
    const prepared = deliveryBody(7, lines, { 11: '0', 14: '1' }, '', '')!;
    expect(prepared.body.lines).toEqual([
      { order_line_id: 12, quantity: 3 },
      { order_line_id: 14, quantity: 1 },
    ]);
    expect(prepared.lineOfField('lines.1.quantity')).toBe(14);
    expect(prepared.lineOfField('lines.0.quantity')).toBe(12);
    expect(prepared.lineOfField('lines.5.quantity')).toBeUndefined();
    expect(prepared.lineOfField('courier')).toBeUndefined();
  });

  it('sends nothing while a quantity is wrong or nothing would leave', () => {
    expect(deliveryBody(7, lines, { 12: '9' }, '', '')).toBeNull();
    expect(deliveryBody(7, lines, { 11: '0', 12: '0', 14: '0' }, '', '')).toBeNull();
    expect(deliveryBody(7, [], {}, '', '')).toBeNull();
  });
});
