import { Type, type Static } from 'typebox';
import { Id, dataOf } from '../../http/schemas';
import { Nullable } from '../clients/schemas';
import { locales } from '../../../i18n/locales';
import { MONTH_PATTERN } from '../../../shared/commissions/months';

/** The commission calls' shapes: money in integer cents, rates in basis points (500 = 5 %). */

export const Month = Type.String({ pattern: MONTH_PATTERN, description: 'YYYY-MM' });
const Rate = Type.Integer({ minimum: 0, maximum: 10_000, description: 'basis points: 500 = 5 %' });
/** Money up to ten thousand million rand: beyond it is a typing mistake, not a target. */
const Cents = Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 });

export const Tier = Type.Object({ above: Cents, rate_bp: Rate }, { additionalProperties: false });

export const SavePlanBody = Type.Object(
  {
    rep_id: Id,
    rate_bp: Rate,
    product_group_id: Type.Optional(Nullable(Id)),
    tiers: Type.Optional(Type.Array(Tier, { maxItems: 10 })),
  },
  { additionalProperties: false },
);
export type SavePlanInput = Static<typeof SavePlanBody>;

export const SaveTargetBody = Type.Object({ rep_id: Id, month: Month, amount: Cents }, { additionalProperties: false });
export type SaveTargetInput = Static<typeof SaveTargetBody>;

export const CloseMonthBody = Type.Object({ month: Month }, { additionalProperties: false });

export const Plan = Type.Object({
  id: Type.Integer(),
  product_group_id: Nullable(Type.Integer()),
  product_group_name: Nullable(Type.String()),
  rate_bp: Type.Integer(),
  tiers: Type.Array(Tier),
  updated_at: Type.String({ format: 'date-time' }),
});

/** A rep with its plans and its targets (the newest months first). */
export const RepPlans = Type.Object({
  rep_id: Type.Integer(),
  rep_name: Type.String(),
  active: Type.Boolean(),
  plans: Type.Array(Plan),
  targets: Type.Array(Type.Object({ month: Type.String(), amount: Type.Integer() })),
});
export type RepPlansRecord = Static<typeof RepPlans>;
export const PlansReply = dataOf(Type.Array(RepPlans));

export const StatementQuery = Type.Object({
  /** A rep's own by default; the admin names one. */
  rep_id: Type.Optional(Id),
  month: Month,
});
export const StatementPdfQuery = Type.Object({ rep_id: Type.Optional(Id), month: Month, locale: Type.Optional(Type.Enum([...locales])) });

export const StatementLine = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('payment'), Type.Literal('clawback')]),
  day: Type.String({ format: 'date' }),
  client_id: Type.Integer(),
  client_name: Type.String(),
  invoice_id: Type.Integer(),
  invoice_number: Type.String(),
  document: Type.String(),
  product_group_id: Nullable(Type.Integer()),
  gross: Type.Integer(),
  net: Type.Integer(),
  rate_bp: Type.Integer(),
  commission: Type.Integer(),
});

export const Statement = Type.Object({
  rep_id: Type.Integer(),
  rep_name: Type.String(),
  month: Type.String(),
  target: Nullable(Type.Integer()),
  paid_net: Type.Integer(),
  commission: Type.Integer(),
  clawbacks: Type.Integer(),
  tier: Type.Integer(),
  rate_bp: Type.Integer(),
  lines: Type.Array(StatementLine),
  closed: Type.Boolean(),
  closed_at: Nullable(Type.String({ format: 'date-time' })),
});
export type StatementRecord = Static<typeof Statement>;
export const StatementReply = dataOf(Statement);

export const CloseMonthReply = dataOf(Type.Object({ month: Type.String(), closed_at: Type.String({ format: 'date-time' }), statements: Type.Integer() }));
export const SavedReply = dataOf(RepPlans);
