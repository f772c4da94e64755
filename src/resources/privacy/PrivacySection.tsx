import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { LabelButton } from '../shared/LabelButton';
import { formatDateTime } from '../../i18n/format';
import { useDownload } from '../billing/download';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { SectionCard } from '../shared/SectionCard';
import { useApiAction } from '../shared/useApiAction';
import { EXPORT_PATH, latestErasure, requestErasure } from './calls';

/**
 * POPIA on a member's pages: download everything held about the member (one zip) and
 * ask for erasure, with the state of the latest request. The member sees it on /profile, the
 * admin on the member's page (where asking records a request the member made another way).
 */
export function PrivacySection({ clientId, isAdmin }: { clientId: number; isAdmin: boolean }) {
  const translate = useTranslate();
  const download = useDownload();
  const queryClient = useQueryClient();
  const key = ['privacy-erasure', clientId];
  const { data: request } = useQuery({ queryKey: key, queryFn: ({ signal }) => latestErasure(clientId, signal) });
  // Asked or refused, the latest request is read again (a refusal may mean one is already pending).
  const ask = useApiAction(() => requestErasure(clientId), {
    success: 'privacy.erasure.requested',
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const pending = request?.status === 'pending';
  const erased = request?.status === 'approved';
  return (
    <SectionCard title={isAdmin ? 'privacy.title_admin' : 'privacy.title'}>
      <Stack spacing={2}>
        <Typography>{translate(isAdmin ? 'privacy.intro_admin' : 'privacy.intro')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <LabelButton
            label="privacy.download"
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => void download(EXPORT_PATH, { client_id: clientId }, `member-${clientId}-data.zip`, { localised: false })}
          />
          {!pending && !erased && (
            <ConfirmedButton
              label={isAdmin ? 'privacy.erasure.record' : 'privacy.erasure.request'}
              icon={<DeleteForeverIcon />}
              title="privacy.erasure.confirm_title"
              content={isAdmin ? 'privacy.erasure.confirm_admin' : 'privacy.erasure.confirm'}
              onConfirm={() => ask.run()}
              labelled
            />
          )}
        </Stack>
        {request && (
          <Alert severity={request.status === 'declined' ? 'warning' : 'info'} data-testid="erasure-state">
            {translate(`privacy.erasure.state.${request.status}`, {
              requested: formatDateTime(request.requested_at),
              decided: request.decided_at ? formatDateTime(request.decided_at) : '',
            })}
            {request.decline_reason && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {translate('privacy.erasure.reason')} <bdi>{request.decline_reason}</bdi>
              </Typography>
            )}
          </Alert>
        )}
      </Stack>
    </SectionCard>
  );
}
