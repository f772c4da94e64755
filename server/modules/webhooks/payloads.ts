/**
 * The `data` of each event, one shape per event wherever it is raised (a client made on the
 * members screen, by a rep or by an import is the same `client.created`). Money in cents.
 * `order.created` alone is built in SQL, inside insertNewOrder's one statement (the order's id is
 * known only as it runs): `{id, reference, client_id, branch_id, total, status: 'new', created_at}`.
 */
export const clientCreatedData = (client: { id: number; type: string; name: string; email: string; branch_id: number | null }) => ({
  id: client.id,
  type: client.type,
  name: client.name,
  email: client.email,
  branch_id: client.branch_id,
});

export const orderStatusChangedData = (order: { id: number; reference: string; client_id: number }, from: string, to: string, at: Date) => ({
  id: order.id,
  reference: order.reference,
  client_id: order.client_id,
  from,
  to,
  at: at.toISOString(),
});

export const membershipActivatedData = (client: { id: number; name: string; membership_expires_at: string | null }) => ({
  client_id: client.id,
  name: client.name,
  expires_at: client.membership_expires_at,
});

export const invoiceIssuedData = (invoice: { id: number; number: string; client_id: number; order_id: number | null; total: number; vat: number; issued_at: Date }) => ({
  id: invoice.id,
  number: invoice.number,
  client_id: invoice.client_id,
  order_id: invoice.order_id,
  total: invoice.total,
  vat: invoice.vat,
  issued_at: invoice.issued_at.toISOString(),
});
