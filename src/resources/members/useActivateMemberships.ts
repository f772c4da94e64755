import type { Identifier } from 'react-admin';
import { useNotify } from 'react-admin';
import { apiPost } from '../../providers/http';

/**
 * clients/activate_membership for one or more members (one call each: each is its own
 * transaction and audit entry), with the notification of the outcome. Answers whether it worked.
 */
export function useActivateMemberships() {
  const notify = useNotify();
  return async (ids: Identifier[], success: string): Promise<boolean> => {
    try {
      await Promise.all(ids.map((id) => apiPost('api/clients/activate_membership', { id })));
      notify(success, { type: 'success' });
      return true;
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      return false;
    }
  };
}
