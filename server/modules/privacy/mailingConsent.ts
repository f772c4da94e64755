import { sql, type SQL } from 'drizzle-orm';

/** Why a send skipped a recipient that is a lead without consent (the delivery's `error`). */
export const NO_CONSENT_REASON = 'no marketing consent';

/**
 * POPIA s69: a lead that is not yet a customer may be sent direct marketing only with its consent.
 * True for the client `c` (the alias of the send's query) when it came from a lead (a lead was
 * converted into it), is not a customer (membership never active and no order), and its latest
 * consent — its own rows and its lead's — is not a given one. Members who are customers follow the
 * unsubscribe rules instead (their page's withdrawal also unsubscribes them: consents.ts).
 */
export const lacksLeadConsent: SQL = sql`(
  exists (select 1 from leads l where l.client_id = c.id)
  and c.membership_status not in ('active', 'expired')
  and not exists (select 1 from orders o where o.client_id = c.id)
  and coalesce((select mc.given from marketing_consents mc
      where mc.client_id = c.id or mc.lead_id in (select l2.id from leads l2 where l2.client_id = c.id)
      order by mc.at desc, mc.id desc limit 1), false) = false)`;
