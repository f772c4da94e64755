/**
 * A client's account, pure: payment terms and due dates, allocating a payment to invoices,
 * ageing and the running balance of a statement. Integer cents; days as YYYY-MM-DD strings.
 */

export const paymentTerms = ['cod', '7', '30', '60'] as const;
export type PaymentTerms = (typeof paymentTerms)[number];

export const termDays = (terms: PaymentTerms): number => (terms === 'cod' ? 0 : Number(terms));

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const dayOf = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string => dayOf(dayNumber(day) + days);
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/** The due date of a document issued on `issued` under `terms`. */
export const dueDate = (issued: string, terms: PaymentTerms): string => addDays(issued, termDays(terms));

/**
 * Ageing buckets by days past the due date, as OCA's partner_statement ages: `current` is what is
 * not yet due (the due date is today or later), then 1–30, 31–60, 61–90, 91–120 and over 120 days
 * past it. So an invoice the invoices list calls overdue (due before today) is never current.
 */
export const ageingBuckets = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_91_120', 'days_120_plus'] as const;
export type AgeingBucket = (typeof ageingBuckets)[number];
export type Ageing = Record<AgeingBucket, number>;

/** The buckets of what is past due: everything but `current`. */
export const overdueBuckets = ageingBuckets.filter((bucket) => bucket !== 'current') as Exclude<AgeingBucket, 'current'>[];

/** The least number of days past due of each bucket after `current` (1, 31, 61, 91, 121), and the most of each. */
export const bucketLimits: readonly { bucket: AgeingBucket; from: number; to: number | null }[] = [
  { bucket: 'current', from: Number.NEGATIVE_INFINITY, to: 0 },
  { bucket: 'days_1_30', from: 1, to: 30 },
  { bucket: 'days_31_60', from: 31, to: 60 },
  { bucket: 'days_61_90', from: 61, to: 90 },
  { bucket: 'days_91_120', from: 91, to: 120 },
  { bucket: 'days_120_plus', from: 121, to: null },
];

export function bucketOf(due: string, asOf: string): AgeingBucket {
  const late = daysBetween(due, asOf);
  if (late <= 0) return 'current';
  return ageingBuckets[Math.min(5, Math.ceil(late / 30))];
}

/** Whether an item due on `due` is past due on `asOf`: the invoices list's "Overdue". */
export const isOverdue = (due: string, asOf: string): boolean => daysBetween(due, asOf) > 0;

/** What is past due in an ageing: the "Overdue only" switch keeps the accounts where this is above zero. */
export const overdueOf = (ageing: Ageing): number => overdueBuckets.reduce((sum, bucket) => sum + ageing[bucket], 0);

export const emptyAgeing = (): Ageing => ({ current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_91_120: 0, days_120_plus: 0 });

/**
 * Ages what is open: each invoice's open amount in its bucket; credit not allocated to any
 * invoice (negative open items) counts against the current bucket, so the buckets add up to the
 * balance.
 */
export function ageItems(items: readonly { due: string; open: number }[], asOf: string): Ageing {
  const ageing = emptyAgeing();
  for (const item of items) {
    if (item.open === 0) continue;
    ageing[item.open > 0 ? bucketOf(item.due, asOf) : 'current'] += item.open;
  }
  return ageing;
}

export interface OpenInvoice {
  id: number;
  /** Issue date or due date: what "oldest first" means. */
  due: string;
  open: number;
}

export interface Allocation {
  invoice_id: number;
  amount: number;
}

/**
 * An amount taken from pots in the order given, each up to what it holds, until it is all placed:
 * a payment over invoices, or an invoice's open amount over the client's credits.
 */
export function spreadInOrder(amount: number, pots: readonly { id: number; holds: number }[]): { taken: { id: number; amount: number }[]; left: number } {
  const taken: { id: number; amount: number }[] = [];
  let left = amount;
  for (const pot of pots) {
    if (left <= 0) break;
    if (pot.holds <= 0) continue;
    const share = Math.min(left, pot.holds);
    taken.push({ id: pot.id, amount: share });
    left -= share;
  }
  return { taken, left };
}

/** A payment spread over open invoices, the oldest due first; what is left over stays as credit. */
export function allocateOldestFirst(amount: number, invoices: readonly OpenInvoice[]): { allocations: Allocation[]; unallocated: number } {
  const sorted = [...invoices].sort((a, b) => (a.due === b.due ? a.id - b.id : a.due < b.due ? -1 : 1));
  const { taken, left } = spreadInOrder(amount, sorted.map((invoice) => ({ id: invoice.id, holds: invoice.open })));
  return { allocations: taken.map((t) => ({ invoice_id: t.id, amount: t.amount })), unallocated: left };
}

/**
 * Checks chosen allocations: whole positive cents, each at most what its invoice still owes, all
 * together at most the payment. Answers the first problem as a field path and message, or null.
 */
export function allocationProblem(amount: number, allocations: readonly Allocation[], openById: ReadonlyMap<number, number>): { field: string; message: string } | null {
  let sum = 0;
  const seen = new Set<number>();
  for (const [index, allocation] of allocations.entries()) {
    const field = `allocations.${index}`;
    if (!Number.isSafeInteger(allocation.amount) || allocation.amount <= 0) return { field: `${field}.amount`, message: 'An allocation is a positive whole number of cents' };
    if (seen.has(allocation.invoice_id)) return { field: `${field}.invoice_id`, message: `Invoice ${allocation.invoice_id} is allocated twice` };
    seen.add(allocation.invoice_id);
    const open = openById.get(allocation.invoice_id);
    if (open === undefined) return { field: `${field}.invoice_id`, message: `Invoice ${allocation.invoice_id} is not an open invoice of this client` };
    if (allocation.amount > open) return { field: `${field}.amount`, message: `Invoice ${allocation.invoice_id} owes ${open} cents; ${allocation.amount} is more than that` };
    sum += allocation.amount;
  }
  if (sum > amount) return { field: 'allocations', message: `The allocations add up to ${sum} cents, more than the payment of ${amount}` };
  return null;
}

export type EntryType = 'invoice' | 'debit_note' | 'credit_note' | 'payment';

export interface StatementEntry {
  date: string;
  type: EntryType;
  number: string;
  debit: number;
  credit: number;
  balance: number;
}

/** Running balances from the opening balance: invoices and debit notes add, credit notes and payments take off. */
export function runningBalance(opening: number, entries: readonly Omit<StatementEntry, 'balance'>[]): { entries: StatementEntry[]; closing: number } {
  let balance = opening;
  const withBalance = entries.map((entry) => {
    balance += entry.debit - entry.credit;
    return { ...entry, balance };
  });
  return { entries: withBalance, closing: balance };
}

/** The business day (South African time, UTC+2 all year) of a moment, as YYYY-MM-DD. */
export const businessDay = (at: Date): string => new Date(at.getTime() + 2 * 3600_000).toISOString().slice(0, 10);
