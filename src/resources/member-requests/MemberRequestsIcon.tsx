import HowToRegIcon from '@mui/icons-material/HowToReg';
import { Badge } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { requestsFilter } from '../sales-leads/leads';
import { useLiveRefresh } from '../shared/useLiveRefresh';

/** How often the menu looks again for new requests while the back office stays open. */
const REFRESH_MS = 300_000;

/** The count of membership requests waiting (crm/salesleads?requests=true&perPage=1), on what it marks. */
function WaitingRequests({ children, inline = false }: { children: ReactNode; inline?: boolean }) {
  const translate = useTranslate();
  const { total } = useGetList('sales-leads', { filter: requestsFilter, pagination: { page: 1, perPage: 1 } }, { refetchInterval: REFRESH_MS });
  // A request made or handled anywhere moves the count at once; the interval covers a lost stream.
  useLiveRefresh('sales-leads');
  return (
    <Badge
      badgeContent={total}
      color="error"
      max={99}
      data-testid="requests-badge"
      // Beside a section's name the count sits in the line of text, not over a corner.
      sx={inline ? { '& .MuiBadge-badge': { position: 'static', transform: 'none', marginInlineStart: 1 } } : undefined}
      slotProps={{ badge: { 'aria-label': total ? translate('dashboard.waiting', { smart_count: total }) : undefined } }}
    >
      {children}
    </Badge>
  );
}

/** The menu's icon for /member-requests, with how many requests wait. */
export function MemberRequestsIcon() {
  return (
    <WaitingRequests>
      <HowToRegIcon />
    </WaitingRequests>
  );
}

/** The same count beside the name of the menu bar's section that holds /member-requests, so it shows while the section is closed. */
export function MemberRequestsCount() {
  return <WaitingRequests inline>{null}</WaitingRequests>;
}
