/**
 * Where a member's page shows the active banners (DESIGN §3: members read active banners). The
 * CRM issue fills this slot from api/crm/banners; until then there is nothing to show, so it
 * renders nothing rather than an empty card.
 */
export function MemberBannersSlot(_props: { clientId: number }) {
  return null;
}
