import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Confirm, useIsOffline, useTranslate } from 'react-admin';
import { LabelButton } from '../shared/LabelButton';
import { useApiAction } from '../shared/useApiAction';

/** What the server said when it refused: its message, and its problems by field. */
export interface Failure {
  message: string;
  errors: Record<string, string>;
}

export interface ActionDialogProps {
  /** The dialog's title, translated (with nodes in it: useTranslateNodes). */
  title: ReactNode;
  maxWidth?: 'sm' | 'md';
  /** Key of the submit button's label (also the confirmation's button). */
  submit: string;
  submitColor?: 'primary' | 'error';
  /** Whether what is typed can be sent (the submit button is off until then). */
  ready: boolean;
  /** An irreversible action (an issued document, a recorded payment) asks once more with this. */
  confirm?: { title: string; content: string };
  /** Does the work and says so (notification, refresh); a rejection keeps the dialog open with the server's words. */
  action: () => Promise<void>;
  onClose: () => void;
  /** The fields; `failure` holds the server's problems by field to show next to them. */
  children: (failure: Failure | null) => ReactNode;
}

/**
 * The billing dialogs' one shape: a form whose submit runs one call (after a confirmation when it
 * cannot be undone), shows the server's refusal in the dialog and beside the fields it names, and
 * closes when the call succeeds.
 */
/** No icon where react-admin's Confirm insists on one. */
const NoIcon = () => null;

export function ActionDialog({ title, maxWidth = 'sm', submit, submitColor, ready, confirm, action, onClose, children }: ActionDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  // Every billing action (a payment, a proof of payment's upload, a credit note) is the server's:
  // offline it says so instead of failing.
  const offline = useIsOffline();
  // The refusal stays in the dialog, beside the fields it names, instead of a notification.
  const submitted = useApiAction(action, { notifyFailure: false, onSuccess: onClose, onSettled: () => setConfirming(false) });
  const busy = submitted.isPending;
  const failure: Failure | null = submitted.error ? { message: submitted.error.message, errors: submitted.fieldErrors } : null;
  const run = () => void submitted.run();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy || offline) return;
    if (confirm) setConfirming(true);
    else run();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {offline && (
            <Alert severity="warning" role="status" sx={{ mb: 2 }}>
              {translate('offline.needs_connection')}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure.message || translate('ra.notification.http_error')}
            </Alert>
          )}
          {children(failure)}
        </DialogContent>
        <DialogActions>
          <LabelButton label="ra.action.cancel" onClick={onClose} />
          <LabelButton label={submit} type="submit" variant="contained" color={submitColor} disabled={!ready || busy || offline} />
        </DialogActions>
      </Box>
      {confirm && (
        <Confirm
          isOpen={confirming}
          loading={busy}
          title={confirm.title}
          content={confirm.content}
          confirm={submit}
          onConfirm={run}
          onClose={() => setConfirming(false)}
          // Going back is no warning: Cancel carries no "!" (react-admin's default), only its word.
          CancelIcon={NoIcon}
          sx={{ '& .MuiDialogActions-root .MuiButton-startIcon:empty': { display: 'none' } }}
        />
      )}
    </Dialog>
  );
}
