import { Type, type Static } from 'typebox';
import { Id, dataOf, listOf } from '../../http/schemas';
import { listQuerySchema } from '../../http/listQuery';
import { bankFormats } from '../../../shared/banking/statement';
import { bankLineStatuses } from '../../../shared/banking/records';

/** The wire shapes of the bank calls: money in integer cents, days as YYYY-MM-DD. */

const Cents = Type.Integer({ minimum: 1, maximum: 1_000_000_000 });

export const ImportResult = dataOf(
  Type.Object({
    id: Type.Integer(),
    format: Type.Enum([...bankFormats]),
    lines: Type.Integer({ description: 'lines kept (new)' }),
    credits: Type.Integer(),
    matched: Type.Integer(),
    suggested: Type.Integer(),
    unmatched: Type.Integer(),
    already_imported: Type.Integer({ description: 'lines seen in an earlier import, not kept again' }),
  }),
);

/** The import's multipart form, as the OpenAPI document shows it. */
export const ImportForm = Type.Object({ file: Type.String({ format: 'binary', description: 'the bank’s export: FNB, ABSA, Standard Bank, Nedbank or Capitec CSV, OFX, camt.053 or MT940; at most 10 MB' }) });

const Totals = Type.Object({ matched: Type.Integer(), suggested: Type.Integer(), unmatched: Type.Integer(), ignored: Type.Integer(), matched_amount: Type.Integer(), unmatched_amount: Type.Integer() });

export const Statement = Type.Object({
  id: Type.Integer(),
  format: Type.String(),
  account: Type.String(),
  currency: Type.String(),
  opening_balance: Type.Union([Type.Integer(), Type.Null()]),
  closing_balance: Type.Union([Type.Integer(), Type.Null()]),
  date_from: Type.String(),
  date_to: Type.String(),
  file_name: Type.String(),
  lines: Type.Integer(),
  imported_at: Type.String(),
  totals: Totals,
});
export type StatementRecord = Static<typeof Statement>;
export const StatementListQuery = listQuerySchema(['imported_at', 'date_to', 'id'] as const, {});
export const StatementList = listOf(Statement);
export const StatementReply = dataOf(Statement);

const SuggestionSchema = Type.Object({
  client_id: Type.Integer(),
  client_name: Type.Optional(Type.String()),
  invoice_ids: Type.Array(Type.Integer()),
  reason: Type.String(),
});

export const Line = Type.Object({
  id: Type.Integer(),
  statement_id: Type.Integer(),
  date: Type.String(),
  amount: Type.Integer(),
  description: Type.String(),
  reference: Type.String(),
  bank_id: Type.Union([Type.String(), Type.Null()]),
  balance: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Enum([...bankLineStatuses]),
  client_id: Type.Union([Type.Integer(), Type.Null()]),
  client_name: Type.Union([Type.String(), Type.Null()]),
  payment_id: Type.Union([Type.Integer(), Type.Null()]),
  matched_by: Type.Union([Type.String(), Type.Null()]),
  ignore_reason: Type.String(),
  suggestions: Type.Array(SuggestionSchema),
});
export type LineRecord = Static<typeof Line>;
export const LineListQuery = listQuerySchema(['date', 'amount', 'id'] as const, {
  statement_id: Type.Optional(Id),
  status: Type.Optional(Type.Enum([...bankLineStatuses])),
});
export type LineListParams = Static<typeof LineListQuery>;
export const LineList = listOf(Line);
export const LineReply = dataOf(Line);

export const MatchInput = Type.Object(
  {
    line_id: Id,
    client_id: Id,
    allocations: Type.Optional(Type.Array(Type.Object({ invoice_id: Id, amount: Cents }, { additionalProperties: false }), { maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type MatchBody = Static<typeof MatchInput>;
export const LineIdInput = Type.Object({ line_id: Id }, { additionalProperties: false });
export const IgnoreInput = Type.Object({ line_id: Id, reason: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });

export const Rule = Type.Object({ id: Type.Integer(), pattern: Type.String(), client_id: Type.Union([Type.Integer(), Type.Null()]), client_name: Type.Union([Type.String(), Type.Null()]), ignore: Type.Boolean() });
export const RuleList = listOf(Rule);
export const RuleReply = dataOf(Rule);
export const SaveRuleInput = Type.Object(
  { pattern: Type.String({ minLength: 3, maxLength: 200 }), client_id: Type.Optional(Id), ignore: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type SaveRuleBody = Static<typeof SaveRuleInput>;
