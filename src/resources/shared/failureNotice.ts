import { useNotify } from 'react-admin';

/**
 * A refused call as a notification. A 409 from a template or list call means a running send is
 * using the record: that gets its own message (`conflict`), which says what to do, instead of the
 * server's English text.
 */
export function useFailureNotice() {
  const notify = useNotify();
  return (error: unknown, conflict?: string) => {
    const status = (error as { status?: number } | null)?.status;
    if (status === 409 && conflict) notify(conflict, { type: 'error', autoHideDuration: 10_000 });
    else notify(error instanceof Error && error.message ? error.message : 'ra.notification.http_error', { type: 'error' });
  };
}
