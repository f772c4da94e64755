import { Type, type Static } from 'typebox';
import { Id, listOf } from '../../http/schemas';
import { Page, listQuerySchema } from '../../http/listQuery';
import { ClientRecord, ClientSaveBody, MembershipStatus, Nullable } from '../clients/schemas';

/** The client types a rep works; company ("admin") clients are nobody's. */
export const RepClientType = Type.Union([Type.Literal('stockist'), Type.Literal('individual')]);

export const repClientSortFields = ['name', 'id', 'type', 'email', 'branch_id', 'membership_status', 'order_count', 'sales_total', 'last_order_at'] as const;
export type RepClientSortField = (typeof repClientSortFields)[number];

/**
 * reps/rep. `rep_user_id` names the rep; `page`, `perPage`, `sort`, `order`, `q` (name, contact,
 * email) and `ids` page its `rep_clients`. `all_clients_q`, `all_clients_page` and
 * `all_clients_per_page` page the admin's search over every live client (`all_clients`).
 */
export const RepQuery = listQuerySchema(repClientSortFields, {
  rep_user_id: Id,
  q: Type.Optional(Type.String({ maxLength: 200 })),
  all_clients_q: Type.Optional(Type.String({ maxLength: 200 })),
  all_clients_page: Page,
  all_clients_per_page: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
});
export type RepQueryParams = Static<typeof RepQuery>;

/** A rep (a user whose role is reseller); `client_ids`: every live client it works, for link editing. */
export const RepRecord = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  active: Type.Boolean(),
  branch_id: Nullable(Type.Integer()),
  client_ids: Type.Array(Type.Integer()),
});

/** A client as its rep sees it in the list: contact details and its orders in figures (cents). */
export const RepClientRow = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  name: Type.String(),
  contact_name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  branch_id: Nullable(Type.Integer()),
  membership_status: MembershipStatus,
  order_count: Type.Integer(),
  sales_total: Type.Integer(),
  last_order_at: Nullable(Type.String({ format: 'date-time' })),
});

/** A row of the admin's search over all clients, and whether this rep works it already. */
export const LinkableClient = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  name: Type.String(),
  contact_name: Type.String(),
  email: Type.String(),
  branch_id: Nullable(Type.Integer()),
  linked: Type.Boolean(),
});

export const RepReply = Type.Object({
  data: Type.Object({
    rep: RepRecord,
    rep_clients: listOf(RepClientRow),
    /** Admins only: never in a reseller's answer. */
    all_clients: Type.Optional(listOf(LinkableClient)),
  }),
});

export const SaveClientLinksBody = Type.Object({
  rep_user_id: Id,
  /** The rep's whole set of live clients after the save (links to archived clients are kept). */
  client_ids: Type.Array(Id, { maxItems: 10_000 }),
});
export const SaveClientLinksReply = Type.Object({ data: Type.Object({ rep_user_id: Type.Integer(), client_ids: Type.Array(Type.Integer()) }) });

/**
 * reps/saveclient: creates (no id) or updates a client of the rep. A reseller saves its own
 * clients (`rep_user_id` may be left out or name itself); an admin names the rep. The company's
 * fields (membership, reps) are not taken here; other fields sent along are ignored.
 */
const { id, name, contact_name, email, phone, address, branch_id } = ClientSaveBody.properties;
export const RepClientSaveBody = Type.Object({ id, rep_user_id: Type.Optional(Id), type: Type.Optional(RepClientType), name, contact_name, email, phone, address, branch_id });
export type RepClientSaveInput = Static<typeof RepClientSaveBody>;

/** reps/client: a client as its rep sees it, with its orders in figures and the reps who work it. */
export const RepClientDetails = Type.Intersect([
  ClientRecord,
  Type.Object({
    order_count: Type.Integer(),
    sales_total: Type.Integer(),
    last_order_at: Nullable(Type.String({ format: 'date-time' })),
    reps: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  }),
]);
