import { useNotify, useRefresh } from 'react-admin';
import { approveLead } from './leadCalls';
import type { Lead } from './leads';

/**
 * Approves a lead as a member (crm/auth_membership), from the member requests, the leads list or
 * a move to "converted" on the board: one outcome message, and every list shows the new state.
 * Answers whether it worked.
 */
export function useApproveLead() {
  const notify = useNotify();
  const refresh = useRefresh();
  return async (lead: Pick<Lead, 'id' | 'email'>): Promise<boolean> => {
    try {
      await approveLead(lead.id);
      notify('membership.requests.approved', { type: 'success', messageArgs: { email: lead.email } });
      return true;
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      return false;
    } finally {
      refresh();
    }
  };
}
