import { Alert, Button, Snackbar } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { CloseNotificationContext, type NotificationPayload, useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';

/** A notification raised together with a navigation (save, then redirect) belongs to the new page. */
const SAME_NAVIGATION_MS = 400;

const severityOf = (type: string | undefined) => (type === 'error' || type === 'warning' || type === 'success' ? type : 'info');

/**
 * react-admin's notifications, with one rule: a route change clears the notification.
 * Closing goes through the normal exit, so an undoable change is still committed.
 */
export function RouteNotification() {
  const { notifications, takeNotification, setNotifications } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const location = useLocation();
  const [current, setCurrent] = useState<NotificationPayload>();
  const [open, setOpen] = useState(false);
  const shownAt = useRef(0);
  const firstLocation = useRef(true);

  useEffect(() => {
    if (notifications.length && !current) {
      const next = takeNotification();
      if (next) {
        setCurrent(next);
        setOpen(true);
        shownAt.current = Date.now();
      }
    }
  }, [notifications, current, takeNotification]);

  useEffect(() => {
    if (firstLocation.current) {
      firstLocation.current = false;
      return;
    }
    if (Date.now() - shownAt.current > SAME_NAVIGATION_MS) {
      setOpen(false);
      setNotifications([]);
    }
  }, [location.key, setNotifications]);

  const close = useCallback(() => setOpen(false), []);
  const exited = useCallback(() => {
    if (current?.notificationOptions?.undoable) takeMutation()?.({ isUndo: false });
    setCurrent(undefined);
  }, [current, takeMutation]);
  const undo = useCallback(() => {
    takeMutation()?.({ isUndo: true });
    setOpen(false);
  }, [takeMutation]);

  if (!current) return null;
  const { message, type, notificationOptions = {} } = current;
  const { messageArgs, undoable, autoHideDuration = 4000 } = notificationOptions;
  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        open={open}
        autoHideDuration={autoHideDuration ?? undefined}
        onClose={(_, reason) => reason !== 'clickaway' && close()}
        slotProps={{ transition: { onExited: exited } }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={severityOf(type)}
          variant="filled"
          onClose={close}
          action={
            undoable ? (
              <Button color="inherit" size="small" onClick={undo}>
                {translate('ra.action.undo')}
              </Button>
            ) : undefined
          }
        >
          {typeof message === 'string' ? translate(message, messageArgs) : message}
        </Alert>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
}
