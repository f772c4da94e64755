import { Type } from 'typebox';
import { Id, MAX_ID, dataOf, listOf } from '../../../http/schemas';
import { listQuerySchema } from '../../../http/listQuery';
import { checkoutStatuses, notificationOutcomes } from '../../../db/schema';

/** The answers and inputs of the PayFast calls, for the routes' validation and the OpenAPI document. */
export const CheckoutInput = Type.Object(
  { invoice_ids: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { minItems: 1, maxItems: 100, uniqueItems: true }) },
  { additionalProperties: false },
);
const FieldPair = Type.Tuple([Type.String(), Type.String()]);
export const CheckoutReply = dataOf(
  Type.Object({
    id: Type.Integer(),
    amount: Type.Integer({ description: 'cents' }),
    action: Type.String({ description: 'PayFast’s payment page: post `fields` there, in their order' }),
    fields: Type.Array(FieldPair, { description: '[name, value] pairs, `signature` last' }),
  }),
);
export const CheckoutState = dataOf(
  Type.Object({
    id: Type.Integer(),
    client_id: Type.Integer(),
    amount: Type.Integer(),
    status: Type.Enum([...checkoutStatuses]),
    payment_id: Type.Union([Type.Integer(), Type.Null()]),
    created_at: Type.String(),
    invoices: Type.Array(Type.Object({ id: Type.Integer(), number: Type.String() })),
  }),
);

/** PayFast's form fields: names of letters, digits and `_`, short text values. */
export const NotificationForm = Type.Record(Type.String({ pattern: '^[A-Za-z0-9_]{1,40}$' }), Type.String({ maxLength: 1000 }), { maxProperties: 60 });

export const NotificationListQuery = listQuerySchema(['id'] as const, { outcome: Type.Optional(Type.Enum([...notificationOutcomes])) });
export const NotificationList = listOf(
  Type.Object({
    id: Type.Integer(),
    received_at: Type.String(),
    checkout_id: Type.Union([Type.Integer(), Type.Null()]),
    pf_payment_id: Type.String(),
    payment_status: Type.String(),
    amount_gross: Type.String(),
    caller: Type.String(),
    outcome: Type.Enum([...notificationOutcomes]),
    reason: Type.String(),
    payment_id: Type.Union([Type.Integer(), Type.Null()]),
  }),
);

export const TestPayInput = Type.Object({ id: Id, status: Type.Enum(['COMPLETE', 'FAILED', 'CANCELLED']) }, { additionalProperties: false });
