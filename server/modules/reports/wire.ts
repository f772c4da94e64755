import { Type, type Static } from 'typebox';
import { Id } from '../../http/schemas';
import { clientTypes } from '../../db/schema';
import { comparisons, salesGroupings } from '../../../shared/reports/periods';

/** The wire shapes of the sales reports: money in integer cents (net excludes VAT), days as YYYY-MM-DD. */

const Day = Type.String({ format: 'date' });

export const SalesQuery = Type.Object(
  {
    group_by: Type.Optional(Type.Enum([...salesGroupings], { default: 'month' })),
    /** Default: the twelve months up to today. */
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    compare: Type.Optional(Type.Enum([...comparisons])),
    product_id: Type.Optional(Id),
    product_group_id: Type.Optional(Id),
    client_id: Type.Optional(Id),
    client_type: Type.Optional(Type.Enum([...clientTypes])),
    /** The rep's user id. */
    rep_id: Type.Optional(Id),
    branch_id: Type.Optional(Id),
    /** Groupings other than month and week: the top N by net, the rest summed in one `others` row. */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type SalesQueryInput = Static<typeof SalesQuery>;

const Figures = {
  quantity: Type.Integer(),
  net: Type.Integer(),
  vat: Type.Integer(),
  total: Type.Integer(),
};
const FiguresSchema = Type.Object({ ...Figures, documents: Type.Integer() });
export type SalesFigures = Static<typeof FiguresSchema>;

export const SalesRowSchema = Type.Object({
  /** A month (YYYY-MM), a week (its Monday), an id, a client type, `none` (no rep, product…) or `others`. */
  key: Type.String(),
  label: Type.String(),
  ...Figures,
  documents: Type.Integer(),
  /** The comparison period's figures: the same key, or for months and weeks the bucket at the same place. */
  compare: Type.Optional(FiguresSchema),
});
export type SalesRow = Static<typeof SalesRowSchema>;

const PeriodSchema = Type.Object({ from: Day, to: Day });

export const SalesReply = Type.Object({
  data: Type.Array(SalesRowSchema),
  totals: Type.Object({ ...Figures, documents: Type.Integer(), compare: Type.Optional(FiguresSchema) }),
  period: PeriodSchema,
  compare_period: Type.Optional(PeriodSchema),
});
export type SalesReport = Static<typeof SalesReply>;
