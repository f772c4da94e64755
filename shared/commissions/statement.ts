/**
 * A rep's commission statement for a month, computed from its ledger: pure arithmetic, so the
 * server computes the running month with it, freezes a closed month with it, and a property test
 * recomputes a stored statement with it to the cent. Amounts are integer cents, rates basis points.
 */

export interface CommissionTier {
  /** Cents beyond the month's target from which `rate_bp` applies. */
  above: number;
  rate_bp: number;
}

export interface PlanTerms {
  /** null: the plan for everything no group plan covers. */
  product_group_id: number | null;
  rate_bp: number;
  tiers: CommissionTier[];
}

export interface LedgerEntry {
  id: number;
  kind: 'payment' | 'clawback';
  day: string;
  client_id: number;
  client_name: string;
  invoice_id: number;
  invoice_number: string;
  /** The payment's reference, or the credit note's number. */
  document: string;
  product_group_id: number | null;
  /** What was paid (or credited, negative) including VAT. */
  gross: number;
  /** Its share excluding VAT. */
  net: number;
}

export interface StatementLine extends LedgerEntry {
  /** The rate the line ended at (its tier's), or the base rate a clawback is taken back at. */
  rate_bp: number;
  commission: number;
}

export interface CommissionFigures {
  target: number | null;
  /** What the rep's clients paid in the month, net of VAT. */
  paid_net: number;
  /** Earned on payments less the clawbacks. */
  commission: number;
  /** Taken back by credit notes (a positive amount). */
  clawbacks: number;
  /** 0: the base rate; n: the n-th tier above the target was reached. */
  tier: number;
  /** The rate of the tier reached. */
  rate_bp: number;
  lines: StatementLine[];
}

/** x / 10 000 rounded half away from zero (commission on cents × basis points). */
const perTenThousand = (x: number): number => Math.sign(x) * Math.floor((Math.abs(x) + 5_000) / 10_000);

/** The plan for a product group: its own, else the rep's plan for everything else. */
export function planFor(plans: PlanTerms[], groupId: number | null): PlanTerms | undefined {
  return (groupId !== null ? plans.find((p) => p.product_group_id === groupId) : undefined) ?? plans.find((p) => p.product_group_id === null);
}

/** The brackets of a plan in a month: the base rate from 0, each tier from the target plus its `above`. */
function brackets(plan: PlanTerms, target: number | null): { from: number; rate_bp: number }[] {
  const tiers = target === null ? [] : [...plan.tiers].sort((a, b) => a.above - b.above).map((t) => ({ from: target + t.above, rate_bp: t.rate_bp }));
  return [{ from: 0, rate_bp: plan.rate_bp }, ...tiers];
}

/**
 * The statement of the month's ledger: payments in the order they came (day, then entry), each
 * net amount split across the brackets at the point the month's paid total had reached, so the
 * part beyond the target earns the tier's rate (5 % up to the target, 7 % above); a clawback
 * takes back its credited net amount at the plan's base rate. Each line is rounded to the cent
 * and the totals are the sums of the lines.
 */
export function computeStatement(entries: LedgerEntry[], plans: PlanTerms[], target: number | null): CommissionFigures {
  const ordered = [...entries].sort((a, b) => (a.day === b.day ? a.id - b.id : a.day < b.day ? -1 : 1));
  let reached = 0;
  let earned = 0;
  let clawed = 0;
  const lines = ordered.map((entry): StatementLine => {
    const plan = planFor(plans, entry.product_group_id);
    if (!plan) {
      if (entry.kind === 'payment') reached += entry.net;
      return { ...entry, rate_bp: 0, commission: 0 };
    }
    if (entry.kind === 'clawback') {
      const commission = perTenThousand(entry.net * plan.rate_bp);
      clawed -= commission;
      return { ...entry, rate_bp: plan.rate_bp, commission };
    }
    const start = reached;
    const end = reached + entry.net;
    const steps = brackets(plan, target);
    let raw = 0;
    let rate = plan.rate_bp;
    steps.forEach((step, index) => {
      const upTo = steps[index + 1]?.from ?? Number.POSITIVE_INFINITY;
      const part = Math.max(0, Math.min(end, upTo) - Math.max(start, step.from));
      raw += part * step.rate_bp;
      if (end > step.from) rate = step.rate_bp;
    });
    reached = end;
    const commission = perTenThousand(raw);
    earned += commission;
    return { ...entry, rate_bp: rate, commission };
  });
  const main = planFor(plans, null) ?? plans[0];
  const steps = main ? brackets(main, target) : [{ from: 0, rate_bp: 0 }];
  const tier = steps.reduce((found, step, index) => (index > 0 && reached > step.from ? index : found), 0);
  return { target, paid_net: reached, commission: earned - clawed, clawbacks: clawed, tier, rate_bp: steps[tier].rate_bp, lines };
}

/** A rep's statement of a month as the API answers it (`commissions/statement`). */
export interface CommissionStatement extends CommissionFigures {
  rep_id: number;
  rep_name: string;
  month: string;
  closed: boolean;
  closed_at: string | null;
}

/** A rep with its plans and targets (`commissions/plans`). */
export interface RepPlans {
  rep_id: number;
  rep_name: string;
  active: boolean;
  plans: (PlanTerms & { id: number; product_group_name: string | null; updated_at: string })[];
  targets: { month: string; amount: number }[];
}
