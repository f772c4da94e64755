import { Type, type Static } from 'typebox';
import { Id, MAX_ID, dataOf, listOf } from '../../http/schemas';
import { Page, listQuerySchema } from '../../http/listQuery';
import { locales } from '../../../i18n/locales';
import { clientTypes } from '../../db/schema';
import { ageingBuckets, paymentTerms } from '../../../shared/billing/accounts';
import { vatClasses } from '../../../shared/billing/vat';

/** The wire shapes of the billing calls: money in integer cents, days as YYYY-MM-DD. */

export const VatClassSchema = Type.Enum([...vatClasses]);
export const PaymentTermsSchema = Type.Enum([...paymentTerms]);
const Day = Type.String({ format: 'date' });
const Text = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });
/** Cents: a whole number (a fraction of a cent is a 400 naming the field). */
export const Cents = Type.Integer({ minimum: 1, maximum: 1_000_000_000 });

export const ClassTotalsSchema = Type.Object({
  vat_class: VatClassSchema,
  rate_bp: Type.Integer(),
  total_excl_vat: Type.Integer(),
  vat: Type.Integer(),
  total: Type.Integer(),
});

export const CreditPositionSchema = Type.Object({
  limit: Type.Integer(),
  /** Open invoices less unallocated credit, plus orders not yet invoiced. */
  exposure: Type.Integer(),
  /** How far this order would take the client past its limit (0: within it). */
  over_by: Type.Integer(),
});
export type CreditPosition = Static<typeof CreditPositionSchema>;

export const Settings = Type.Object({
  legal_name: Text(200),
  address: Text(1000),
  vat_number: Type.String({ maxLength: 20, pattern: '^(|4[0-9]{9})$' }),
  registration_number: Text(40),
  bank_name: Text(100),
  bank_account_name: Text(200),
  bank_account_number: Type.String({ maxLength: 20, pattern: '^[0-9 ]*$' }),
  bank_branch_code: Type.String({ maxLength: 10, pattern: '^[0-9]*$' }),
  invoice_prefix: Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Za-z0-9/_-]+$' }),
  credit_note_prefix: Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Za-z0-9/_-]+$' }),
  debit_note_prefix: Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Za-z0-9/_-]+$' }),
  default_payment_terms: PaymentTermsSchema,
  prices_include_vat: Type.Boolean(),
});
export type SettingsRecord = Static<typeof Settings>;

export const VatRateSchema = Type.Object({ id: Type.Integer(), vat_class: VatClassSchema, rate_bp: Type.Integer(), valid_from: Day });
export const SettingsReply = dataOf(Type.Object({ ...Settings.properties, vat_rates: Type.Array(VatRateSchema) }));
export const SaveSettingsInput = Type.Object(
  {
    ...Type.Partial(Settings).properties,
    /** A new rate row (a future change is a row, not a code change); past rows are never rewritten. */
    new_rate: Type.Optional(Type.Object({ vat_class: VatClassSchema, rate_bp: Type.Integer({ minimum: 0, maximum: 10000 }), valid_from: Day }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type SaveSettingsBody = Static<typeof SaveSettingsInput>;

export const DocumentLine = Type.Object({
  id: Type.Integer(),
  invoice_line_id: Type.Union([Type.Integer(), Type.Null()]),
  product_id: Type.Union([Type.Integer(), Type.Null()]),
  sku: Type.String(),
  description: Type.String(),
  quantity: Type.Integer(),
  unit_price: Type.Integer(),
  vat_class: VatClassSchema,
  rate_bp: Type.Integer(),
  total_excl_vat: Type.Integer(),
  vat: Type.Integer(),
  total: Type.Integer(),
  /** An invoice line: what credit notes have taken off it (units, and their amounts as issued). */
  credited_quantity: Type.Optional(Type.Integer()),
  credited_total: Type.Optional(Type.Integer()),
  credited_vat: Type.Optional(Type.Integer()),
});

const Party = Type.Object({ name: Type.String(), address: Type.String(), vat_number: Type.String() }, { additionalProperties: true });

export const documentStatuses = ['open', 'partly_paid', 'paid', 'credited', 'overdue'] as const;
export const DocumentStatus = Type.Enum([...documentStatuses]);

const DocumentSummaryFields = {
  id: Type.Integer(),
  type: Type.Enum(['invoice', 'credit_note', 'debit_note']),
  number: Type.String(),
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  order_reference: Type.Union([Type.String(), Type.Null()]),
  invoice_id: Type.Union([Type.Integer(), Type.Null()]),
  invoice_number: Type.Union([Type.String(), Type.Null()]),
  client_id: Type.Integer(),
  client_name: Type.String(),
  issue_date: Day,
  due_at: Day,
  full: Type.Boolean(),
  total_excl_vat: Type.Integer(),
  vat: Type.Integer(),
  total: Type.Integer(),
  /** What the invoice still owes (a note: 0). */
  balance: Type.Integer(),
  status: DocumentStatus,
  reason: Type.String(),
};
export const DocumentSummary = Type.Object(DocumentSummaryFields);
export type DocumentSummaryRecord = Static<typeof DocumentSummary>;

export const BillingDocument = Type.Object({
  ...DocumentSummaryFields,
  supply_date: Day,
  prices_include_vat: Type.Boolean(),
  by_class: Type.Array(ClassTotalsSchema),
  supplier: Party,
  recipient: Party,
  lines: Type.Array(DocumentLine),
  /** An invoice's credit and debit notes and the payments allocated to it. */
  notes: Type.Array(Type.Object({ id: Type.Integer(), type: Type.String(), number: Type.String(), issue_date: Day, total: Type.Integer(), reason: Type.String() })),
  allocations: Type.Array(Type.Object({ payment_id: Type.Integer(), reference: Type.String(), paid_at: Day, amount: Type.Integer() })),
});
export type BillingDocumentRecord = Static<typeof BillingDocument>;
export const DocumentReply = dataOf(BillingDocument);

export const documentSortFields = ['issue_date', 'number', 'total', 'due_at', 'client_name', 'id'] as const;
export const DocumentListQuery = listQuerySchema(documentSortFields, {
  client_id: Type.Optional(Id),
  order_id: Type.Optional(Id),
  invoice_id: Type.Optional(Id),
  status: Type.Optional(Type.Enum(['open', 'paid', 'overdue', 'credited'])),
  date_from: Type.Optional(Day),
  date_to: Type.Optional(Day),
  /** The number or the client's name. */
  q: Type.Optional(Text(200)),
  /**
   * The register as the sales reports count it: tax invoices, debit and credit notes with lines,
   * so a chart's bar opens the very documents it counted. The dimensions below narrow the same way
   * the reports do: a product or product group (its oldest) on a line, and the document's sales
   * attribution (client type, branch, rep as issued).
   */
  register: Type.Optional(Type.Boolean()),
  product_id: Type.Optional(Id),
  product_group_id: Type.Optional(Id),
  client_type: Type.Optional(Type.Enum([...clientTypes])),
  /** The rep's user id the sale was counted for. */
  rep_id: Type.Optional(Id),
  branch_id: Type.Optional(Id),
});
export type DocumentListParams = Static<typeof DocumentListQuery>;
export const DocumentList = listOf(DocumentSummary);

export const IssueInvoiceInput = Type.Object({ order_id: Id }, { additionalProperties: false });

export const CreditNoteInput = Type.Object(
  {
    invoice_id: Id,
    /** Absent: the whole of what remains on the invoice. */
    lines: Type.Optional(
      Type.Array(Type.Object({ invoice_line_id: Id, quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }) }, { additionalProperties: false }), { minItems: 1, maxItems: 200 }),
    ),
    reason: Text(500, 3),
  },
  { additionalProperties: false },
);
export type CreditNoteBody = Static<typeof CreditNoteInput>;

export const DebitNoteInput = Type.Object(
  {
    invoice_id: Id,
    description: Text(300, 1),
    /** The increase with VAT (a VAT-inclusive amount, standard or the chosen class). */
    amount: Cents,
    vat_class: Type.Optional(VatClassSchema),
    reason: Text(500, 3),
  },
  { additionalProperties: false },
);
export type DebitNoteBody = Static<typeof DebitNoteInput>;

const AllocationInput = Type.Object({ invoice_id: Id, amount: Cents }, { additionalProperties: false });

export const PaymentInput = Type.Object(
  {
    client_id: Id,
    amount: Cents,
    reference: Text(100, 1),
    paid_at: Day,
    /** Absent: the oldest invoices first; an empty list: all of it stays as credit. */
    allocations: Type.Optional(Type.Array(AllocationInput, { maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type PaymentBody = Static<typeof PaymentInput>;

export const paymentStatusValues = ['pending', 'confirmed', 'refused', 'reversed'] as const;
export const Payment = Type.Object({
  id: Type.Integer(),
  client_id: Type.Integer(),
  client_name: Type.String(),
  amount: Type.Integer(),
  reference: Type.String(),
  paid_at: Day,
  status: Type.Enum([...paymentStatusValues]),
  unallocated: Type.Integer(),
  has_proof: Type.Boolean(),
  proof_name: Type.Union([Type.String(), Type.Null()]),
  refused_reason: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  allocations: Type.Array(Type.Object({ invoice_id: Type.Integer(), number: Type.String(), amount: Type.Integer() })),
});
export type PaymentRecord = Static<typeof Payment>;
export const PaymentReply = dataOf(Payment);
export const paymentSortFields = ['paid_at', 'amount', 'client_name', 'id'] as const;
export const PaymentListQuery = listQuerySchema(paymentSortFields, {
  client_id: Type.Optional(Id),
  status: Type.Optional(Type.Enum([...paymentStatusValues])),
  date_from: Type.Optional(Day),
  date_to: Type.Optional(Day),
});
export type PaymentListParams = Static<typeof PaymentListQuery>;
export const PaymentList = listOf(Payment);

export const ConfirmPaymentInput = Type.Object(
  { id: Id, allocations: Type.Optional(Type.Array(AllocationInput, { maxItems: 500 })) },
  { additionalProperties: false },
);
export const RefusePaymentInput = Type.Object({ id: Id, reason: Text(500, 3) }, { additionalProperties: false });

/** The language of a PDF; without it, the one the document (or the client) was issued in. */
const PdfLocale = Type.Optional(Type.Enum([...locales]));
export const PdfQuery = Type.Object({ id: Id, locale: PdfLocale });
export const ClientQuery = Type.Object({ client_id: Id });
export const StatementQuery = Type.Object({ client_id: Id, from: Type.Optional(Day), to: Type.Optional(Day), locale: PdfLocale });
/** The statement screen's page of entries by default, and the most one answer holds. */
const STATEMENT_PER_PAGE = 50;
const STATEMENT_MAX_PER_PAGE = 500;
/** The statement screen's call: a page of the entries (the PDF holds them all). */
export const StatementPageQuery = Type.Object({
  ...StatementQuery.properties,
  page: Page,
  perPage: Type.Integer({ minimum: 1, maximum: STATEMENT_MAX_PER_PAGE, default: STATEMENT_PER_PAGE }),
});
export type StatementParams = Static<typeof StatementQuery>;
const AgeingSchema = Type.Object(Object.fromEntries(ageingBuckets.map((bucket) => [bucket, Type.Integer()])) as Record<(typeof ageingBuckets)[number], ReturnType<typeof Type.Integer>>);
export const Statement = Type.Object({
  client_id: Type.Integer(),
  client_name: Type.String(),
  from: Day,
  to: Day,
  opening_balance: Type.Integer(),
  closing_balance: Type.Integer(),
  /** How many entries the period holds, on every page. */
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
  /** The balance before this page's first entry (the opening balance on the first page). */
  brought_forward: Type.Integer(),
  /** The balance after this page's last entry (the closing balance on the last page). */
  carried_forward: Type.Integer(),
  entries: Type.Array(
    Type.Object({
      date: Day,
      type: Type.Enum(['invoice', 'debit_note', 'credit_note', 'payment']),
      id: Type.Integer(),
      number: Type.String(),
      debit: Type.Integer(),
      credit: Type.Integer(),
      balance: Type.Integer(),
    }),
  ),
  ageing: AgeingSchema,
});
export type StatementRecord = Static<typeof Statement>;
export const StatementReply = dataOf(Statement);

export const debtorSortFields = ['balance', 'client_name', 'overdue', 'days_120_plus', 'id'] as const;
export const DebtorsQuery = listQuerySchema(debtorSortFields, {
  q: Type.Optional(Text(200)),
  branch_id: Type.Optional(Type.Integer({ minimum: -1, maximum: MAX_ID })),
  /** Only clients with something past due. */
  overdue: Type.Optional(Type.Boolean()),
  /** Only clients over their credit limit. */
  over_limit: Type.Optional(Type.Boolean()),
  /** Only the clients linked to this rep (an admin's filter; a rep sees only its own clients anyway). */
  rep_user_id: Type.Optional(Id),
});
export type DebtorsParams = Static<typeof DebtorsQuery>;
export const Debtor = Type.Object({
  id: Type.Integer(),
  client_name: Type.String(),
  email: Type.String(),
  payment_terms: PaymentTermsSchema,
  credit_limit: Type.Union([Type.Integer(), Type.Null()]),
  balance: Type.Integer(),
  ...AgeingSchema.properties,
});
export const DebtorList = Type.Object({ ...listOf(Debtor).properties, totals: AgeingSchema });

/** A client's account at a glance: the member's page and the client's page in the back office. */
export const AccountSummary = dataOf(
  Type.Object({
    client_id: Type.Integer(),
    balance: Type.Integer(),
    unallocated_credit: Type.Integer(),
    payment_terms: PaymentTermsSchema,
    credit_limit: Type.Union([Type.Integer(), Type.Null()]),
    vat_number: Type.String(),
    ageing: AgeingSchema,
  }),
);
export const ClientBillingInput = Type.Object(
  {
    client_id: Id,
    vat_number: Type.Optional(Type.String({ maxLength: 20, pattern: '^(|4[0-9]{9})$' })),
    payment_terms: Type.Optional(Type.Union([PaymentTermsSchema, Type.Null()])),
    credit_limit: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000_000 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ClientBillingBody = Static<typeof ClientBillingInput>;

export const ExportQuery = Type.Object({ from: Day, to: Day });
