import type { DomainEventMap } from '../../events/domain';

/**
 * The `data` of each webhook, from the domain event it tells: most events go out as they are
 * published; these leave out what is the portal's own business. Money in cents.
 */
export const membershipActivatedData = (event: DomainEventMap['membership.activated']) => ({
  client_id: event.client_id,
  name: event.name,
  expires_at: event.expires_at,
});

/** `order.created` without `membership_fee` (a fact for the member's mail, not part of the webhook). */
export const orderCreatedData = ({ membership_fee: _fee, ...order }: DomainEventMap['order.created']) => order;
