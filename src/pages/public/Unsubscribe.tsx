import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { ApiError, apiRequest } from '../../providers/http';
import { PublicShell } from './PublicShell';

interface UnsubscribeInfo {
  email_masked: string;
  /** Already off the lists (the link was used before). */
  unsubscribed?: boolean;
}

type State =
  | { kind: 'loading' }
  | { kind: 'ask'; info: UnsubscribeInfo; busy: boolean; failed: boolean }
  | { kind: 'done'; info: UnsubscribeInfo }
  | { kind: 'invalid' }
  | { kind: 'failed' };

const path = 'api/crm/unsubscribe';

/**
 * /unsubscribe/{token}: the link at the foot of every list mail, for whoever holds it (no
 * sign-in). Opening it changes nothing (mail scanners follow links); the reader confirms with
 * a button, which posts the same one-click request a mail program sends (RFC 8058).
 */
export default function Unsubscribe() {
  const { token = '' } = useParams();
  const { translate } = usePublicI18n();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<{ data: UnsubscribeInfo }>(path, { query: { token }, signal: controller.signal }).then(
      ({ data }) => setState(data.unsubscribed ? { kind: 'done', info: data } : { kind: 'ask', info: data, busy: false, failed: false }),
      (error) => {
        if (controller.signal.aborted) return;
        setState({ kind: error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'invalid' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [token]);

  async function confirm() {
    if (state.kind !== 'ask') return;
    const { info } = state;
    setState({ kind: 'ask', info, busy: true, failed: false });
    try {
      await apiRequest(path, { method: 'POST', query: { token } });
      setState({ kind: 'done', info });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) setState({ kind: 'invalid' });
      else setState({ kind: 'ask', info, busy: false, failed: true });
    }
  }

  return (
    <PublicShell page="unsubscribe" width="sm">
      {state.kind === 'loading' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      )}
      {state.kind === 'invalid' && (
        <Alert severity="warning" data-testid="unsubscribe-invalid">
          {translate('mailing.unsubscribe.invalid')}
        </Alert>
      )}
      {state.kind === 'failed' && <Alert severity="error">{translate('mailing.unsubscribe.failed')}</Alert>}
      {state.kind === 'ask' && (
        <>
          <Typography>{translate('mailing.unsubscribe.question')}</Typography>
          <Typography variant="h6" component="p" sx={{ my: 1 }} data-testid="masked-email">
            <bdi dir="ltr">{state.info.email_masked}</bdi>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('mailing.unsubscribe.explain')}
          </Typography>
          {state.failed && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {translate('mailing.unsubscribe.failed')}
            </Alert>
          )}
          <Button variant="contained" size="large" fullWidth sx={{ mt: 3 }} onClick={confirm} disabled={state.busy}>
            {translate('mailing.unsubscribe.confirm')}
          </Button>
        </>
      )}
      {state.kind === 'done' && (
        <Alert severity="success" role="status" data-testid="unsubscribe-done">
          {translate('mailing.unsubscribe.done', { email: state.info.email_masked })}
        </Alert>
      )}
    </PublicShell>
  );
}
