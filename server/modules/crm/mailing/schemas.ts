import { Type, type Static } from 'typebox';
import { clientTypes, deliveryStatuses, jobStatuses, membershipStatuses, sendStatuses } from '../../../db/schema';
import { Id, dataOf, listOf } from '../../../http/schemas';
import { listQuerySchema } from '../../../http/listQuery';

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

// Templates ---------------------------------------------------------------------------------

export const Template = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  updated_at: Timestamp,
  send_count: Type.Integer(),
});
export type TemplateRecord = Static<typeof Template>;
export const TemplateReply = dataOf(Template);
export const TemplateList = listOf(Template);

export const templateSortFields = ['name', 'updated_at', 'id'] as const;
export const TemplateListQuery = listQuerySchema(templateSortFields, { q: Type.Optional(Type.String({ maxLength: 200 })) });
export type TemplateListParams = Static<typeof TemplateListQuery>;

const Subject = Type.String({ minLength: 1, maxLength: 300 });
const Body = Type.String({ minLength: 1, maxLength: 200_000 });

export const SaveTemplateInput = Type.Object(
  { id: Type.Optional(Id), name: Type.String({ minLength: 1, maxLength: 200 }), subject: Subject, body: Body },
  { additionalProperties: false },
);
export type SaveTemplateBody = Static<typeof SaveTemplateInput>;

export const PreviewInput = Type.Object({ subject: Subject, body: Body, client_id: Type.Optional(Id) }, { additionalProperties: false });
export type PreviewBody = Static<typeof PreviewInput>;
export const PreviewReply = dataOf(Type.Object({ subject: Type.String(), html: Type.String(), text: Type.String() }));

export const TestSendInput = Type.Object({ subject: Subject, body: Body }, { additionalProperties: false });
export const TestSendReply = dataOf(Type.Object({ to: Type.String() }));

export const PlaceholderList = dataOf(Type.Array(Type.Object({ key: Type.String(), example: Type.String() })));

// Lists -------------------------------------------------------------------------------------

export const MailingList = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  client_count: Type.Integer(),
  unsubscribed_count: Type.Integer(),
  /** Members not unsubscribed whose address bounces: sends skip them too. */
  undeliverable_count: Type.Integer(),
  created_at: Timestamp,
});
export type MailingListRecord = Static<typeof MailingList>;
export const MailingListReply = dataOf(MailingList);
export const MailingListList = listOf(MailingList);

export const mailingListSortFields = ['name', 'client_count', 'id', 'created_at'] as const;
export const MailingListListQuery = listQuerySchema(mailingListSortFields, { q: Type.Optional(Type.String({ maxLength: 200 })) });
export type MailingListListParams = Static<typeof MailingListListQuery>;

export const Member = Type.Object({
  client_id: Type.Integer(),
  name: Type.String(),
  contact_name: Type.String(),
  email: Type.String(),
  type: Type.String(),
  branch_id: Nullable(Type.Integer()),
  membership_status: Type.String(),
  archived: Type.Boolean(),
  unsubscribed: Type.Boolean(),
  unsubscribed_at: Nullable(Timestamp),
  /** The address bounces (email_deliverability): sends skip the member. */
  undeliverable: Type.Boolean(),
  added_at: Timestamp,
});
export type MemberRecord = Static<typeof Member>;

export const memberSortFields = ['name', 'email', 'added_at', 'client_id'] as const;
export const MailingListQuery = listQuerySchema(memberSortFields, {
  id: Id,
  q: Type.Optional(Type.String({ maxLength: 200 })),
  unsubscribed: Type.Optional(Type.Boolean()),
});
export type MailingListParams = Static<typeof MailingListQuery>;
export const MailingListDetail = dataOf(Type.Object({ list: MailingList, members: Type.Array(Member), total: Type.Integer() }));

export const SaveMailingListInput = Type.Object(
  { id: Type.Optional(Id), name: Type.String({ minLength: 1, maxLength: 200 }), description: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);
export type SaveMailingListBody = Static<typeof SaveMailingListInput>;

export const SaveMembersInput = Type.Object(
  {
    id: Id,
    client_ids: Type.Array(Id, { maxItems: 10_000 }),
    remove_client_ids: Type.Optional(Type.Array(Id, { maxItems: 10_000 })),
  },
  { additionalProperties: false },
);
export type SaveMembersBody = Static<typeof SaveMembersInput>;

export const SegmentInput = Type.Object(
  {
    id: Id,
    type: Type.Optional(Type.Enum([...clientTypes])),
    branch_id: Type.Optional(Id),
    membership_status: Type.Optional(Type.Enum([...membershipStatuses])),
  },
  { additionalProperties: false },
);
export type SegmentBody = Static<typeof SegmentInput>;
export const SegmentReply = dataOf(Type.Object({ added: Type.Integer(), list: MailingList }));

// Sends -------------------------------------------------------------------------------------

export const Send = Type.Object({
  id: Type.Integer(),
  mailing_list_id: Nullable(Type.Integer()),
  mailing_list_name: Type.String(),
  template_id: Nullable(Type.Integer()),
  template_name: Type.String(),
  subject: Type.String(),
  status: Type.Enum([...sendStatuses]),
  total: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  skipped: Type.Integer(),
  /** Of the skipped: left out because their address bounces. */
  undeliverable: Type.Integer(),
  /** Of the skipped: leads (not yet customers) without a given marketing consent (POPIA). */
  no_consent: Type.Integer(),
  /** Bounces (hard and soft) and spam complaints received for this send's mail. */
  bounced: Type.Integer(),
  complaints: Type.Integer(),
  queued: Type.Integer(),
  rate_per_s: Type.Number(),
  seconds_left: Nullable(Type.Integer()),
  created_at: Timestamp,
  /** Set for a send that was scheduled: when it was (or is) to start. */
  scheduled_at: Nullable(Timestamp),
  started_at: Nullable(Timestamp),
  finished_at: Nullable(Timestamp),
});
export type SendRecord = Static<typeof Send>;
export const SendReply = dataOf(Send);
export const SendList = listOf(Send);

export const StartSendInput = Type.Object(
  {
    id: Id,
    template_id: Id,
    /** Start then instead of now (ISO 8601 with its offset; the screens enter it in Africa/Johannesburg). */
    scheduled_at: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) });

export const sendSortFields = ['id', 'created_at'] as const;
export const SendListQuery = listQuerySchema(sendSortFields, {
  mailing_list_id: Type.Optional(Id),
  template_id: Type.Optional(Id),
  status: Type.Optional(Type.Enum([...sendStatuses])),
});
export type SendListParams = Static<typeof SendListQuery>;

export const Delivery = Type.Object({
  id: Type.Integer(),
  client_id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  status: Type.Enum([...deliveryStatuses]),
  error: Nullable(Type.String()),
  attempts: Type.Integer(),
  sent_at: Nullable(Timestamp),
  message_id: Nullable(Type.String()),
});
export const DeliveryList = listOf(Delivery);
export const DeliveryListQuery = listQuerySchema(['id'] as const, {
  id: Id,
  status: Type.Optional(Type.Enum([...deliveryStatuses])),
  q: Type.Optional(Type.String({ maxLength: 200 })),
});
export type DeliveryListParams = Static<typeof DeliveryListQuery>;

// Deliverability ----------------------------------------------------------------------------

export const ClientDeliverabilityQuery = Type.Object({ id: Id });
export const ClientDeliverability = dataOf(
  Type.Object({
    client_id: Type.Integer(),
    email: Type.String(),
    undeliverable: Type.Boolean(),
    undeliverable_at: Nullable(Timestamp),
    reason: Nullable(Type.String()),
    soft_bounces: Type.Integer(),
    last_bounce_type: Nullable(Type.String()),
    last_bounce_at: Nullable(Timestamp),
    unsubscribed: Type.Boolean(),
    unsubscribed_via: Nullable(Type.String()),
    unsubscribed_at: Nullable(Timestamp),
  }),
);

// Unsubscribe -------------------------------------------------------------------------------

export const TokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export const UnsubscribeReply = dataOf(Type.Object({ email_masked: Type.String(), unsubscribed: Type.Boolean() }));

// Mail queue --------------------------------------------------------------------------------

export const QueuedMail = Type.Object({
  id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  status: Type.Enum([...jobStatuses]),
  attempts: Type.Integer(),
  max_attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  ref: Nullable(Type.String()),
  created_at: Timestamp,
  run_at: Timestamp,
  finished_at: Nullable(Timestamp),
});
export const QueuedMailList = listOf(QueuedMail);
export const QueuedMailReply = dataOf(QueuedMail);
export const MailQueueQuery = listQuerySchema(['id', 'created_at'] as const, {
  status: Type.Optional(Type.Enum([...jobStatuses])),
  q: Type.Optional(Type.String({ maxLength: 200 })),
});
export type MailQueueParams = Static<typeof MailQueueQuery>;
