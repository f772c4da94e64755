import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../../i18n/format';
import { apiGet } from '../../providers/http';
import { SOFT_BOUNCE_LIMIT } from '../../../shared/mailing/deliverability';
import { SectionCard } from '../shared/SectionCard';
import type { ClientDeliverability } from '../mailing-lists/types';

/**
 * Whether list mail reaches the member (crm/clientdeliverability, the company's): an address that
 * bounces is undeliverable, with the provider's reason, until the member's email changes; soft
 * bounces on the way there; an unsubscribe, and whether a spam complaint caused it.
 */
export function DeliverabilitySection({ clientId, email }: { clientId: number; email: string }) {
  const translate = useTranslate();
  // The email is part of the key: saving a new address reads the state again (the server cleared it).
  const { data, error } = useQuery({
    queryKey: ['client-deliverability', clientId, email],
    queryFn: ({ signal }) => apiGet<{ data: ClientDeliverability }>('api/crm/clientdeliverability', { id: String(clientId) }, signal).then((answer) => answer.data),
  });
  return (
    <SectionCard title="mailing.deliverability.title">
      {error ? (
        <Alert severity="error">{(error as Error).message}</Alert>
      ) : !data ? (
        <CircularProgress size={24} aria-label={translate('app.loading')} />
      ) : (
        <Stack spacing={1} data-testid="deliverability">
          {!data.email ? (
            <Typography color="text.secondary">{translate('mailing.deliverability.no_email')}</Typography>
          ) : data.undeliverable ? (
            <Alert severity="error">
              <Typography>{translate('mailing.deliverability.undeliverable', { email: data.email, at: formatDateTime(data.undeliverable_at!) })}</Typography>
              <Typography data-testid="deliverability-reason">
                {translate('mailing.deliverability.reason')} <bdi>{data.reason || '—'}</bdi>
              </Typography>
              <Typography variant="body2">{translate('mailing.deliverability.cleared_hint')}</Typography>
            </Alert>
          ) : (
            <Typography>{translate('mailing.deliverability.ok')}</Typography>
          )}
          {!data.undeliverable && data.soft_bounces > 0 && (
            <Typography color="warning.main">{translate('mailing.deliverability.soft', { smart_count: data.soft_bounces, limit: SOFT_BOUNCE_LIMIT })}</Typography>
          )}
          {data.unsubscribed && (
            <Typography>
              {translate(data.unsubscribed_via === 'complaint' ? 'mailing.deliverability.complaint' : 'mailing.deliverability.unsubscribed', {
                at: formatDateTime(data.unsubscribed_at!),
              })}
            </Typography>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
