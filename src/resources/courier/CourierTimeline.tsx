import { Box, Link, Typography } from '@mui/material';
import { formatDateTime } from '../../i18n/format';
import type { CourierTracking } from './types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Only web addresses become links: the server refuses other templates, and this holds should one slip by. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/**
 * Whether there is anything of the courier to show. Tolerates an answer without the fields: one
 * kept by the installable app from before they existed.
 */
export const hasCourierNews = (order: Partial<CourierTracking>) => (order.tracking?.length ?? 0) > 0 || (order.waybills?.length ?? 0) > 0;

/**
 * The courier's events as a timeline, oldest first, and a link to each waybill on its courier's
 * site. Shared by the order view and the public tracking page, which translate differently
 * (react-admin's messages, the public pages' own), hence `translate` is given.
 */
export function CourierTimeline({ tracking, translate }: { tracking: CourierTracking; translate: Translate }) {
  const links = tracking.waybills.filter((link): link is { courier: string; waybill: string; tracking_url: string } => !!link.tracking_url && isWebAddress(link.tracking_url));
  const several = new Set(tracking.tracking.map((event) => event.waybill)).size > 1;
  return (
    <Box data-testid="courier-tracking">
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('courier.tracking.title')}
      </Typography>
      {links.map((link) => (
        <Typography key={link.waybill} variant="body2" sx={{ mb: 1 }}>
          <Link href={link.tracking_url} target="_blank" rel="noopener noreferrer" data-testid="courier-tracking-link">
            {translate('courier.tracking.follow', { waybill: link.waybill })}
          </Link>{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {translate('courier.tracking.opens_elsewhere')}
          </Box>
        </Typography>
      ))}
      {tracking.tracking.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('courier.tracking.none')}
        </Typography>
      ) : (
        <Box component="ol" aria-label={translate('courier.tracking.title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {tracking.tracking.map((event, i) => (
            <Box
              component="li"
              key={`${event.waybill}-${event.at}-${event.status}`}
              data-testid="courier-event"
              sx={{ position: 'relative', ps: 3, pb: 1.5, borderInlineStart: 2, borderColor: i === tracking.tracking.length - 1 ? 'primary.main' : 'divider', ms: 1 }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {event.status}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[formatDateTime(event.at), event.location, several ? event.waybill : ''].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
