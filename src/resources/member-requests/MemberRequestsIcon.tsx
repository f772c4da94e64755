import HowToRegIcon from '@mui/icons-material/HowToReg';
import { Badge } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { requestsFilter } from '../sales-leads/leads';

/** How often the menu looks again for new requests while the back office stays open. */
const REFRESH_MS = 60_000;

/** The menu's icon for /member-requests, with how many requests wait (crm/salesleads?requests=true&perPage=1). */
export function MemberRequestsIcon() {
  const translate = useTranslate();
  const { total } = useGetList('sales-leads', { filter: requestsFilter, pagination: { page: 1, perPage: 1 } }, { refetchInterval: REFRESH_MS });
  return (
    <Badge
      badgeContent={total}
      color="error"
      max={99}
      data-testid="requests-badge"
      slotProps={{ badge: { 'aria-label': total ? translate('dashboard.waiting', { smart_count: total }) : undefined } }}
    >
      <HowToRegIcon />
    </Badge>
  );
}
