import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { users } from './users';

/** Which reps (reseller users) work which clients: a client's `rep_ids`. */
export const repClients = pgTable(
  'rep_clients',
  {
    repUserId: integer('rep_user_id')
      .notNull()
      .references(() => users.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
  },
  (t) => [primaryKey({ columns: [t.repUserId, t.clientId] }), index('rep_clients_client').on(t.clientId)],
);
