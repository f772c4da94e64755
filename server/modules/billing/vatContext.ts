import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Db, Tx } from '../../db/client';
import { billingSettings, vatRates } from '../../db/schema';
import { businessDay } from '../../../shared/billing/accounts';
import { lineAmounts, rateOn, type LineAmounts, type VatClass, type VatRate } from '../../../shared/billing/vat';

/** What pricing an order's VAT needs: whether catalogue prices include VAT, and the rates in force on its day. */
export interface VatContext {
  pricesIncludeVat: boolean;
  rates: VatRate[];
  /** The supply day (YYYY-MM-DD, South African time) whose rates apply. */
  day: string;
}

/**
 * The settings' VAT mode and the whole (small) rate table, as two columns any one-row select can
 * carry: orders/create reads them with its client (one round trip fewer per order).
 */
export const vatContextColumns = {
  prices_include_vat: sql<boolean | null>`(select prices_include_vat from ${billingSettings} where id = 1)`,
  rates: sql<VatRate[]>`coalesce((select json_agg(json_build_object('vat_class', vat_class, 'rate_bp', rate_bp, 'valid_from', valid_from::text) order by valid_from) from ${vatRates}), '[]'::json)`,
};

/** The context of a row read with `vatContextColumns`, for a supply at `at`. */
export function vatContextOf(row: { prices_include_vat: boolean | null; rates: VatRate[] }, at: Date): VatContext {
  return { pricesIncludeVat: row.prices_include_vat ?? true, rates: row.rates, day: businessDay(at) };
}

/** The VAT context in a round trip of its own: every order is priced with it. */
export async function vatContext(db: Db | Tx, at: Date): Promise<VatContext> {
  const [row] = rowsOf<{ prices_include_vat: boolean | null; rates: VatRate[] }>(
    await db.execute(sql`select ${vatContextColumns.prices_include_vat} as prices_include_vat, ${vatContextColumns.rates} as rates`),
  );
  return vatContextOf(row, at);
}

/** A line's VAT in this context: the product's class at the rate of the day. */
export function vatOfLine(context: VatContext, line: { quantity: number; unitPrice: number; vatClass: VatClass }): LineAmounts {
  return lineAmounts(
    { quantity: line.quantity, unit_price: line.unitPrice, vat_class: line.vatClass, rate_bp: rateOn(context.rates, line.vatClass, context.day) },
    context.pricesIncludeVat,
  );
}
