import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  ageItems,
  allocateOldestFirst,
  allocationProblem,
  ageingBuckets,
  bucketLimits,
  bucketOf,
  isOverdue,
  overdueOf,
  dueDate,
  runningBalance,
  type EntryType,
} from '../../shared/billing/accounts';
import { divideRounded, documentTotals, lineAmounts, partOfLine, rateOn, vatFromInclusive, vatOnExclusive, vatClasses, type VatRate } from '../../shared/billing/vat';

/** South African VAT (docs/billing.md): the tax fraction 15/115, half a cent up (s66), integer cents throughout. */
describe('VAT, SARS-style worked examples', () => {
  it('takes the VAT out of VAT-inclusive prices with the tax fraction 15/115', () => {
    // R115,00 incl. → R15,00 VAT, R100,00 excl.
    expect(vatFromInclusive(11_500, 1500)).toBe(1_500);
    // R1 000,00 incl. → 1000 × 15/115 = R130,434… → R130,43.
    expect(vatFromInclusive(100_000, 1500)).toBe(13_043);
    // R5 000,00 incl. (the abridged-invoice limit) → R652,17 (652,1739…).
    expect(vatFromInclusive(500_000, 1500)).toBe(65_217);
    // R0,50 → 6,52 c → 7 c (more than half a cent rounds up).
    expect(vatFromInclusive(50, 1500)).toBe(7);
    // R0,23 → 3,0 c; R0,04 → 0,52 c → 1 c; R0,03 → 0,39 c → 0.
    expect(vatFromInclusive(23, 1500)).toBe(3);
    expect(vatFromInclusive(4, 1500)).toBe(1);
    expect(vatFromInclusive(3, 1500)).toBe(0);
  });

  it('is at least as exact as the five-decimal fraction 0,13043 SARS allows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const fiveDecimals = cents * 0.13043;
        // Never further from the true fraction than the five-decimal one is, beyond the rounding itself.
        expect(Math.abs(vatFromInclusive(cents, 1500) - (cents * 15) / 115)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(vatFromInclusive(cents, 1500) - fiveDecimals)).toBeLessThanOrEqual(0.5 + cents * 0.0000048);
      }),
    );
  });

  it('adds 15 % to VAT-exclusive prices, half a cent up', () => {
    expect(vatOnExclusive(10_000, 1500)).toBe(1_500); // R100 → R15
    expect(vatOnExclusive(10, 1500)).toBe(2); // 1,5 c → 2 c (half a cent rounds up)
    expect(vatOnExclusive(30, 1500)).toBe(5); // 4,5 c → 5 c
    expect(vatOnExclusive(13, 1500)).toBe(2); // 1,95 c → 2 c
    expect(vatOnExclusive(3, 1500)).toBe(0); // 0,45 c → 0
  });

  it('rounds halves away from zero for credits too', () => {
    expect(divideRounded(15, 10)).toBe(2);
    expect(divideRounded(-15, 10)).toBe(-2);
    expect(divideRounded(14, 10)).toBe(1);
  });

  it('charges no VAT on zero-rated and exempt lines, whatever the rate passed', () => {
    expect(lineAmounts({ quantity: 2, unit_price: 5_000, vat_class: 'zero', rate_bp: 1500 }, true)).toMatchObject({ vat: 0, total: 10_000, total_excl_vat: 10_000, rate_bp: 0 });
    expect(lineAmounts({ quantity: 2, unit_price: 5_000, vat_class: 'exempt', rate_bp: 1500 }, false)).toMatchObject({ vat: 0, total: 10_000 });
  });
});

describe('VAT rates by date', () => {
  const rates: VatRate[] = [
    { vat_class: 'standard', rate_bp: 1400, valid_from: '1993-04-07' },
    { vat_class: 'standard', rate_bp: 1500, valid_from: '2018-04-01' },
    { vat_class: 'standard', rate_bp: 1550, valid_from: '2027-05-01' },
    { vat_class: 'zero', rate_bp: 0, valid_from: '1991-09-30' },
  ];
  it('uses the rate in force on the supply day: a future change is a row', () => {
    expect(rateOn(rates, 'standard', '2018-03-31')).toBe(1400);
    expect(rateOn(rates, 'standard', '2018-04-01')).toBe(1500);
    expect(rateOn(rates, 'standard', '2027-04-30')).toBe(1500);
    expect(rateOn(rates, 'standard', '2027-05-01')).toBe(1550);
    expect(rateOn(rates, 'zero', '2026-01-01')).toBe(0);
  });
});

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 10_000 }),
  unit_price: fc.integer({ min: 0, max: 10_000_000 }),
  vat_class: fc.constantFrom(...vatClasses),
  rate_bp: fc.constantFrom(1400, 1500, 1550, 2000),
});

describe('document totals (property)', () => {
  it('for random orders and price settings, the lines add up to the totals to the cent, per class and overall', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 40 }), fc.boolean(), (lines, inclusive) => {
        const amounts = lines.map((l) => lineAmounts(l, inclusive));
        const totals = documentTotals(amounts);
        for (const a of amounts) {
          expect(a.total).toBe(a.total_excl_vat + a.vat);
          expect(Number.isInteger(a.vat)).toBe(true);
        }
        expect(totals.total).toBe(amounts.reduce((s, a) => s + a.total, 0));
        expect(totals.vat).toBe(amounts.reduce((s, a) => s + a.vat, 0));
        expect(totals.total).toBe(totals.total_excl_vat + totals.vat);
        expect(totals.by_class.reduce((s, c) => s + c.total, 0)).toBe(totals.total);
        expect(totals.by_class.reduce((s, c) => s + c.vat, 0)).toBe(totals.vat);
        if (inclusive) expect(totals.total).toBe(lines.reduce((s, l) => s + l.quantity * l.unit_price, 0));
        else expect(totals.total_excl_vat).toBe(lines.reduce((s, l) => s + l.quantity * l.unit_price, 0));
      }),
    );
  });

  it('crediting a line in parts never credits more than the line held, and all parts make the line', () => {
    fc.assert(
      fc.property(line, fc.boolean(), fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }), (l, inclusive, parts) => {
        const whole = { ...lineAmounts(l, inclusive), quantity: l.quantity };
        const credited = { quantity: 0, total_excl_vat: 0, vat: 0, total: 0 };
        for (const part of parts) {
          const quantity = Math.min(part, whole.quantity - credited.quantity);
          if (quantity <= 0) break;
          const amounts = partOfLine(whole, quantity, credited);
          expect(amounts.total).toBe(amounts.total_excl_vat + amounts.vat);
          credited.quantity += quantity;
          credited.total += amounts.total;
          credited.vat += amounts.vat;
          credited.total_excl_vat += amounts.total_excl_vat;
          expect(credited.total).toBeLessThanOrEqual(whole.total);
          expect(credited.vat).toBeLessThanOrEqual(whole.vat);
        }
        const rest = partOfLine(whole, whole.quantity - credited.quantity, credited);
        if (whole.quantity > credited.quantity) {
          expect(credited.total + rest.total).toBe(whole.total);
          expect(credited.vat + rest.vat).toBe(whole.vat);
        }
      }),
    );
  });
});

describe('statements, allocation and ageing (property)', () => {
  const entry = fc.record({
    type: fc.constantFrom<EntryType>('invoice', 'debit_note', 'credit_note', 'payment'),
    amount: fc.integer({ min: 1, max: 5_000_000 }),
  });
  it("a statement's closing balance = opening + invoices − credit notes − payments", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 10_000_000 }), fc.array(entry, { maxLength: 200 }), (opening, entries) => {
        const rows = entries.map((e, i) => ({
          date: addDays('2026-01-01', i),
          type: e.type,
          id: i + 1,
          number: `X${i}`,
          debit: e.type === 'invoice' || e.type === 'debit_note' ? e.amount : 0,
          credit: e.type === 'credit_note' || e.type === 'payment' ? e.amount : 0,
        }));
        const { closing, entries: withBalance } = runningBalance(opening, rows);
        const sum = (type: EntryType) => entries.filter((e) => e.type === type).reduce((s, e) => s + e.amount, 0);
        expect(closing).toBe(opening + sum('invoice') + sum('debit_note') - sum('credit_note') - sum('payment'));
        expect(withBalance.at(-1)?.balance ?? opening).toBe(closing);
      }),
    );
  });

  it('oldest-first allocation pays invoices in due order, never more than owed, and keeps the rest as credit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.record({ open: fc.integer({ min: 1, max: 2_000_000 }), days: fc.integer({ min: 0, max: 400 }) }), { maxLength: 30 }),
        (amount, list) => {
          const invoices = list.map((i, index) => ({ id: index + 1, due: addDays('2026-01-01', i.days), open: i.open }));
          const { allocations, unallocated } = allocateOldestFirst(amount, invoices);
          expect(allocations.reduce((s, a) => s + a.amount, 0) + unallocated).toBe(amount);
          for (const a of allocations) expect(a.amount).toBeLessThanOrEqual(invoices.find((i) => i.id === a.invoice_id)!.open);
          expect(allocationProblem(amount, allocations, new Map(invoices.map((i) => [i.id, i.open])))).toBeNull();
          if (unallocated > 0) expect(allocations.length).toBe(invoices.length);
        },
      ),
    );
  });

  it('every day past due falls in the one bucket whose limits hold it; overdue (a bucket past current) is exactly "due before today"', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (late) => {
        const asOf = addDays('2026-06-01', late);
        const bucket = bucketOf('2026-06-01', asOf);
        const limits = bucketLimits.find((limit) => limit.bucket === bucket)!;
        expect(late).toBeGreaterThanOrEqual(limits.from);
        if (limits.to !== null) expect(late).toBeLessThanOrEqual(limits.to);
        expect(bucket !== 'current').toBe(isOverdue('2026-06-01', asOf));
        const ageing = ageItems([{ due: '2026-06-01', open: 1_234 }], asOf);
        expect(overdueOf(ageing)).toBe(isOverdue('2026-06-01', asOf) ? 1_234 : 0);
      }),
    );
    expect(ageingBuckets).toEqual(['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_91_120', 'days_120_plus']);
  });

  it('refuses allocations beyond what is owed or paid, naming the field', () => {
    const open = new Map([
      [1, 1_000],
      [2, 500],
    ]);
    expect(allocationProblem(1_000, [{ invoice_id: 1, amount: 1_001 }], open)).toMatchObject({ field: 'allocations.0.amount' });
    expect(allocationProblem(1_000, [{ invoice_id: 3, amount: 1 }], open)).toMatchObject({ field: 'allocations.0.invoice_id' });
    expect(allocationProblem(900, [{ invoice_id: 1, amount: 500 }, { invoice_id: 2, amount: 500 }], open)).toMatchObject({ field: 'allocations' });
    expect(allocationProblem(900, [{ invoice_id: 1, amount: 0.5 }], open)).toMatchObject({ field: 'allocations.0.amount' });
  });

  it('ages by days past due: current is not yet due, then 1–30, 31–60, 61–90, 91–120 and over 120; credit counts as current; buckets add up', () => {
    expect(bucketOf('2026-06-30', '2026-06-01')).toBe('current');
    expect(bucketOf('2026-06-01', '2026-06-01')).toBe('current');
    expect(bucketOf('2026-06-01', '2026-06-02')).toBe('days_1_30');
    // 20 days past due: what the invoices list chips "Overdue" is past due here too.
    expect(bucketOf('2026-06-01', '2026-06-21')).toBe('days_1_30');
    expect(bucketOf('2026-06-01', '2026-07-01')).toBe('days_1_30');
    expect(bucketOf('2026-06-01', '2026-07-02')).toBe('days_31_60');
    expect(bucketOf('2026-06-01', '2026-07-31')).toBe('days_31_60');
    expect(bucketOf('2026-06-01', '2026-08-01')).toBe('days_61_90');
    expect(bucketOf('2026-06-01', '2026-08-30')).toBe('days_61_90');
    expect(bucketOf('2026-06-01', '2026-08-31')).toBe('days_91_120');
    expect(bucketOf('2026-06-01', '2026-09-29')).toBe('days_91_120');
    expect(bucketOf('2026-06-01', '2026-09-30')).toBe('days_120_plus');
    expect(dueDate('2026-01-31', '30')).toBe('2026-03-02');
    expect(dueDate('2026-01-31', 'cod')).toBe('2026-01-31');
    fc.assert(
      fc.property(fc.array(fc.record({ days: fc.integer({ min: -60, max: 400 }), open: fc.integer({ min: -100_000, max: 100_000 }) }), { maxLength: 40 }), (items) => {
        const ageing = ageItems(items.map((i) => ({ due: addDays('2026-01-01', i.days), open: i.open })), '2026-06-01');
        expect(Object.values(ageing).reduce((s, v) => s + v, 0)).toBe(items.reduce((s, i) => s + i.open, 0));
      }),
    );
  });
});
