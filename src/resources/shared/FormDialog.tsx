import type { ReactNode } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, HttpError, ResourceContextProvider, SaveButton, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { LabelButton } from './LabelButton';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** Key of the dialog's title. */
  title: string;
  /** Labels the inputs (`resources.<resource>.fields.<source>`). */
  resource: string;
  record?: Partial<RaRecord>;
  /** Saves the values; the server's field errors are shown next to their inputs. */
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  /** Key of the notification after a successful save. */
  success: string;
  children: ReactNode;
}

/**
 * A small form in a dialog (a member's users, answers and details; branches). A 4xx from the API
 * puts its `errors` next to the fields and its message in a notification; the dialog stays open.
 */
export function FormDialog({ open, onClose, title, resource, record, onSubmit, success, children }: FormDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const submit = async (values: Record<string, unknown>) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const body = error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined) : undefined;
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      return body?.errors && Object.keys(body.errors).length ? body.errors : undefined;
    }
    notify(success, { type: 'success' });
    onClose();
    return undefined;
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="form-dialog-title">
      <ResourceContextProvider value={resource}>
        <Form record={record} onSubmit={submit}>
          <DialogTitle id="form-dialog-title">{translate(title)}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <LabelButton label="ra.action.cancel" onClick={onClose} />
            <SaveButton />
          </DialogActions>
        </Form>
      </ResourceContextProvider>
    </Dialog>
  );
}
