import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';

/**
 * An endpoint's signing secret, the one time the server answers it (a new endpoint, a rotation):
 * copy it now, it is never shown again. Closing is an explicit "I have copied it".
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = () =>
    navigator.clipboard?.writeText(secret ?? '').then(
      () => notify('webhooks.copied', { type: 'info' }),
      () => undefined,
    );
  return (
    <Dialog open={secret !== null} aria-labelledby="webhook-secret-title" aria-describedby="webhook-secret-once" fullWidth maxWidth="sm">
      <DialogTitle id="webhook-secret-title">{translate('webhooks.secret_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" id="webhook-secret-once" sx={{ mb: 2 }}>
          {translate('webhooks.secret_once')}
        </Alert>
        <Box
          component="code"
          data-testid="webhook-secret"
          dir="ltr"
          sx={{ display: 'block', p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', overflowWrap: 'anywhere', userSelect: 'all' }}
        >
          {secret}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {translate('webhooks.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('webhooks.copied_done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
