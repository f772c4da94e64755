import { Type, type Static } from 'typebox';
import { leadClientTypes, leadSources, leadStatuses } from '../../../db/schema';
import { Id, dataOf, listOf } from '../../../http/schemas';
import { listQuerySchema } from '../../../http/listQuery';
import { mailLocales } from '../membership/mailMessages';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const LeadStatus = Type.Enum(leadStatuses);
export const LeadSource = Type.Enum(leadSources);
export const LeadClientType = Type.Enum(leadClientTypes);
export const MailLocaleSchema = Type.Enum(mailLocales);

/** The wire shape of a lead. */
export const Lead = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  contact_name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  company: Type.String(),
  message: Type.String(),
  client_type: LeadClientType,
  branch_id: Nullable(Type.Integer()),
  source: LeadSource,
  status: LeadStatus,
  owner_id: Nullable(Type.Integer()),
  owner_name: Nullable(Type.String()),
  notes: Type.String(),
  follow_up_at: Nullable(Type.String({ format: 'date-time' })),
  reject_reason: Nullable(Type.String()),
  client_id: Nullable(Type.Integer()),
  locale: MailLocaleSchema,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type LeadRecord = Static<typeof Lead>;
export const LeadReply = dataOf(Lead);
export const LeadList = listOf(Lead);

export const leadSortFields = ['created_at', 'name', 'status', 'follow_up_at', 'id'] as const;
export const LeadListQuery = listQuerySchema(leadSortFields, {
  q: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(LeadStatus),
  source: Type.Optional(LeadSource),
  owner_id: Type.Optional(Id),
  /** Follow-up date reached and the lead still open. */
  follow_up_due: Type.Optional(Type.Boolean()),
  /** Member requests waiting: from /register and not yet converted or lost. */
  requests: Type.Optional(Type.Boolean()),
});
export type LeadListParams = Static<typeof LeadListQuery>;

const Text = (maxLength: number) => Type.String({ maxLength });
/** An email, or '' for a manual lead known by phone only. */
const OptionalEmail = Type.Union([Type.Literal(''), Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' })]);

/**
 * `crm/savelead`'s body. The public sends a registration (the fields of the form, checked again in
 * register.ts: everything the form asks is required, nothing the admin decides may come); an
 * admin sends a whole lead, with `id` to update one. Fields left out keep their value.
 */
export const LeadSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    contact_name: Type.Optional(Text(200)),
    email: Type.Optional(OptionalEmail),
    phone: Type.Optional(Text(50)),
    company: Type.Optional(Text(200)),
    message: Type.Optional(Text(5000)),
    client_type: Type.Optional(LeadClientType),
    branch_id: Type.Optional(Nullable(Id)),
    locale: Type.Optional(MailLocaleSchema),
    source: Type.Optional(LeadSource),
    status: Type.Optional(LeadStatus),
    owner_id: Type.Optional(Nullable(Id)),
    notes: Type.Optional(Text(10000)),
    follow_up_at: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
    reject_reason: Type.Optional(Nullable(Text(2000))),
    /** The registration form's (unticked by default) consent to marketing mail (POPIA); the form only. */
    marketing_consent: Type.Optional(Type.Boolean()),
    // Read-only fields of a record sent back as it was read (react-admin does): ignored.
    owner_name: Type.Optional(Nullable(Type.String())),
    client_id: Type.Optional(Nullable(Type.Integer())),
    created_at: Type.Optional(Type.String()),
    updated_at: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type LeadSaveInput = Static<typeof LeadSaveBody>;

export const MoveLeadBody = Type.Object({ id: Id, status: LeadStatus }, { additionalProperties: false });
export const RejectLeadBody = Type.Object({ id: Id, reason: Type.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: false });
export const ReceivedReply = dataOf(Type.Object({ received: Type.Boolean() }));
