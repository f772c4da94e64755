import { asc } from 'drizzle-orm';
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

export async function vatContext(db: Db | Tx, at: Date): Promise<VatContext> {
  const [settings, rates] = await Promise.all([
    db.select({ pricesIncludeVat: billingSettings.pricesIncludeVat }).from(billingSettings).limit(1),
    db.select({ vat_class: vatRates.vatClass, rate_bp: vatRates.rateBp, valid_from: vatRates.validFrom }).from(vatRates).orderBy(asc(vatRates.validFrom)),
  ]);
  return { pricesIncludeVat: settings[0]?.pricesIncludeVat ?? true, rates, day: businessDay(at) };
}

/** A line's VAT in this context: the product's class at the rate of the day. */
export function vatOfLine(context: VatContext, line: { quantity: number; unitPrice: number; vatClass: VatClass }): LineAmounts {
  return lineAmounts(
    { quantity: line.quantity, unit_price: line.unitPrice, vat_class: line.vatClass, rate_bp: rateOn(context.rates, line.vatClass, context.day) },
    context.pricesIncludeVat,
  );
}
