import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/http/errors';
import {
  advanceStatus,
  assertDeletable,
  assertEditable,
  canMove,
  orderStatuses,
  type OrderStatus,
} from '../../server/modules/orders/workflow';
import { orderTotal, orderVat } from '../../server/modules/orders/totals';
import { lineAmounts } from '../../shared/billing/vat';
import { TRACKING_TOKEN_PATTERN, newTrackingToken } from '../../server/modules/orders/tracking';

const legal: [OrderStatus, OrderStatus][] = [
  ['new', 'confirmed'],
  ['new', 'cancelled'],
  ['confirmed', 'in_production'],
  ['confirmed', 'cancelled'],
  ['in_production', 'ready'],
  ['ready', 'dispatched'],
  ['dispatched', 'delivered'],
];

describe('order workflow', () => {
  it('allows exactly the seven forward steps and cancellation before production', () => {
    for (const from of orderStatuses) {
      for (const to of orderStatuses) {
        const expected = legal.some(([a, b]) => a === from && b === to);
        expect(canMove(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
  });

  it('answers 409 naming status for any other change', () => {
    expect(advanceStatus({ status: 'ready' }, 'dispatched')).toBe('dispatched');
    const refuse = (from: OrderStatus, to: OrderStatus) => {
      try {
        advanceStatus({ status: from }, to);
      } catch (error) {
        return error as HttpError;
      }
      throw new Error('no error');
    };
    const skipped = refuse('new', 'dispatched');
    expect(skipped.statusCode).toBe(409);
    expect(skipped.errors).toHaveProperty('status');
    expect(skipped.message).toContain('allowed: confirmed, cancelled');
    expect(refuse('delivered', 'new').message).toContain('it is final');
    expect(refuse('in_production', 'cancelled').statusCode).toBe(409);
    expect(refuse('new', 'new').statusCode).toBe(409);
  });

  it('lets lines change only while new or confirmed, and deletes only new or cancelled orders', () => {
    expect(() => assertEditable({ status: 'confirmed' })).not.toThrow();
    expect(() => assertEditable({ status: 'in_production' })).toThrow(HttpError);
    expect(() => assertDeletable({ status: 'cancelled' })).not.toThrow();
    expect(() => assertDeletable({ status: 'confirmed' })).toThrow(/only new or cancelled/);
  });
});

describe('order totals in cents', () => {
  it('sums the lines with VAT, and their VAT, exactly', () => {
    const priced = [
      { quantity: 3, unitPrice: 1999 },
      { quantity: 1, unitPrice: 1 },
      { quantity: 20, unitPrice: 12_345 },
    ].map((line) => ({ ...line, ...lineAmounts({ quantity: line.quantity, unit_price: line.unitPrice, vat_class: 'standard', rate_bp: 1500 }, true) }));
    expect(priced[0].total).toBe(5997);
    expect(orderTotal(priced)).toBe(5997 + 1 + 246_900);
    expect(orderVat(priced)).toBe(priced.reduce((sum, line) => sum + line.vat, 0));
    expect(orderTotal([])).toBe(0);
  });
});

describe('tracking tokens', () => {
  it('are 192-bit, URL-safe and different each time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newTrackingToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(new RegExp(TRACKING_TOKEN_PATTERN));
    expect(Buffer.from([...tokens][0], 'base64url').length * 8).toBe(192);
  });
});
