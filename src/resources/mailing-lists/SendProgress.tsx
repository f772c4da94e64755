import { useState } from 'react';
import { useApiAction } from '../shared/useApiAction';
import { useLiveRefresh } from '../shared/useLiveRefresh';
import CancelIcon from '@mui/icons-material/Cancel';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, CircularProgress, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Button, Confirm, useGetList, useGetOne, useTranslate } from 'react-admin';
import { FORMAT_LOCALE } from '../../i18n/format';
import { apiPost } from '../../providers/http';
import { LIVE_POLL_MS, isActive, progressOf, timeLeftParts } from './sendFigures';
import { SendStatusChip } from './SendStatusChip';
import { formatPortalDateTime } from './portalTime';
import type { Delivery, MailingSend } from './types';

const rate = new Intl.NumberFormat(FORMAT_LOCALE, { maximumFractionDigits: 1 });
/** A scheduled send is read now and then, so its page shows it running once its time has come. */
const SCHEDULED_POLL_MS = 15_000;
const FAILURES_SHOWN = 20;

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography variant="h6" component="div" data-testid={testId}>
        <bdi>{value}</bdi>
      </Typography>
    </Box>
  );
}

/** The deliveries that failed, with the reason the mail server gave. */
function Failures({ send }: { send: MailingSend }) {
  const translate = useTranslate();
  const { data = [], total = 0 } = useGetList<Delivery>(
    'send-deliveries',
    {
      filter: { id: send.id, status: 'failed' },
      pagination: { page: 1, perPage: FAILURES_SHOWN },
      sort: { field: 'id', order: 'ASC' },
      // Part of the query's key: read again whenever the count of failures moves.
      meta: { failed: send.failed },
    },
    { enabled: send.failed > 0 },
  );
  if (send.failed === 0) return null;
  return (
    <Box component="section" aria-labelledby={`failures-${send.id}`} sx={{ mt: 2 }}>
      <Typography id={`failures-${send.id}`} variant="subtitle1" component="h3">
        {translate('mailing.send.failures', { smart_count: send.failed })}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('mailing.send.client')}</TableCell>
            <TableCell>{translate('mailing.send.email')}</TableCell>
            <TableCell>{translate('mailing.send.error')}</TableCell>
            <TableCell align="right">{translate('mailing.send.attempts')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell>{delivery.name}</TableCell>
              <TableCell>
                <bdi>{delivery.email}</bdi>
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>
                <bdi>{delivery.error ?? '—'}</bdi>
              </TableCell>
              <TableCell align="right">{delivery.attempts}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {total > data.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('mailing.send.more_failures', { smart_count: total - data.length })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * A send's live progress (crm/mailingsend, read every second while it runs): a bar, sent / failed
 * / total, rate and time left; pause, resume, cancel (after a confirmation) and a retry of the
 * failed deliveries; the failures with their reasons.
 */
export function SendProgress({ sendId }: { sendId: number }) {
  const translate = useTranslate();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const { data: send, error, refetch } = useGetOne<MailingSend>(
    'mailing-sends',
    { id: sendId },
    { refetchInterval: (query) => (query.state.data?.status === 'running' ? LIVE_POLL_MS : query.state.data?.status === 'scheduled' ? SCHEDULED_POLL_MS : false) },
  );
  // Its figures and status as the lanes move them (the database announces each whole percent).
  useLiveRefresh('mailing-sends', sendId);
  // Pause, resume, cancel and retry: one call each, the send read again once it answers.
  const act = useApiAction((path: 'pausesend' | 'resumesend' | 'cancelsend' | 'retrysend') => apiPost(`api/crm/${path}`, { id: sendId }), {
    onSuccess: () => refetch(),
    onSettled: () => setConfirmCancel(false),
  });
  const busy = act.isPending;

  // A failed poll keeps the last figures on screen (polling goes on); only a send never read is an error.
  if (!send && error) return <Alert severity="error">{(error as Error).message || translate('ra.notification.http_error')}</Alert>;
  if (!send) return <CircularProgress size={24} aria-label={translate('app.loading')} />;

  const { percent } = progressOf(send);
  const left = send.status === 'running' ? timeLeftParts(send.seconds_left) : null;
  const scheduled = send.status === 'scheduled';

  return (
    <Box data-testid="send-progress" aria-busy={send.status === 'running'}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <SendStatusChip status={send.status} />
        <Typography variant="body2">
          {translate('mailing.send.of', { template: send.template_name, list: send.mailing_list_name })}
        </Typography>
      </Stack>
      {send.scheduled_at && (
        <Typography variant="body1" data-testid="send-scheduled-at" sx={{ mb: 1 }}>
          {translate(scheduled ? 'mailing.send.scheduled_for' : 'mailing.send.was_scheduled_for', { at: formatPortalDateTime(send.scheduled_at) })}
        </Typography>
      )}
      {!scheduled && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={translate('mailing.send.progress')}
            color={send.failed > 0 ? 'warning' : 'primary'}
            sx={{ flex: 1, height: 10, borderRadius: 5 }}
          />
          <Typography variant="body1" data-testid="send-percent" sx={{ minWidth: 48, textAlign: 'end' }}>
            <bdi>{percent} %</bdi>
          </Typography>
        </Stack>
      )}
      {!scheduled && (
        <Stack direction="row" spacing={4} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Figure label="mailing.send.sent" value={send.sent} testId="send-sent" />
          <Figure label="mailing.send.failed" value={send.failed} testId="send-failed" />
          {send.skipped > 0 && <Figure label="mailing.send.skipped" value={send.skipped} testId="send-skipped" />}
          {send.undeliverable > 0 && <Figure label="mailing.send.undeliverable" value={send.undeliverable} testId="send-undeliverable" />}
          {send.no_consent > 0 && <Figure label="mailing.send.no_consent" value={send.no_consent} testId="send-no-consent" />}
          <Figure label="mailing.send.total" value={send.total} testId="send-total" />
          {send.bounced > 0 && <Figure label="mailing.send.bounced" value={send.bounced} testId="send-bounced" />}
          {send.complaints > 0 && <Figure label="mailing.send.complaints" value={send.complaints} testId="send-complaints" />}
          {send.status === 'running' && (
            <Figure label="mailing.send.rate" value={translate('mailing.send.per_second', { rate: rate.format(send.rate_per_s) })} testId="send-rate" />
          )}
          {send.status === 'running' && (
            <Figure
              label="mailing.send.time_left"
              value={left ? translate('mailing.send.minutes_seconds', left) : translate('mailing.send.unknown')}
              testId="send-time-left"
            />
          )}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
        {send.status === 'running' && (
          <Button label="mailing.send.pause" onClick={() => void act.run('pausesend')} disabled={busy}>
            <PauseIcon />
          </Button>
        )}
        {send.status === 'paused' && (
          <Button label="mailing.send.resume" onClick={() => void act.run('resumesend')} disabled={busy}>
            <PlayArrowIcon />
          </Button>
        )}
        {isActive(send.status) && (
          <Button label="mailing.send.cancel" onClick={() => setConfirmCancel(true)} disabled={busy} color="error">
            <CancelIcon />
          </Button>
        )}
        {send.failed > 0 && send.status !== 'cancelled' && (
          <Button label="mailing.send.retry_failed" onClick={() => void act.run('retrysend')} disabled={busy}>
            <ReplayIcon />
          </Button>
        )}
      </Stack>
      <Failures send={send} />
      <Confirm
        isOpen={confirmCancel}
        loading={busy}
        title={scheduled ? 'mailing.send.cancel_scheduled_title' : 'mailing.send.cancel_title'}
        content={scheduled ? 'mailing.send.cancel_scheduled_content' : 'mailing.send.cancel_content'}
        translateOptions={{ handled: progressOf(send).handled, total: send.total, at: send.scheduled_at ? formatPortalDateTime(send.scheduled_at) : '' }}
        onConfirm={() => void act.run('cancelsend')}
        onClose={() => setConfirmCancel(false)}
      />
    </Box>
  );
}
