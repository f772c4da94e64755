import { useRefresh } from 'react-admin';
import { useApiAction } from '../shared/useApiAction';
import { approveLead } from './leadCalls';
import type { Lead } from './leads';

/**
 * Approves a lead as a member (crm/auth_membership), from the member requests, the leads list or
 * a move to "converted" on the board: `run(lead)`, one outcome message, and every list shows the
 * new state whatever the outcome (a refusal may mean someone else approved it first).
 */
export function useApproveLead() {
  const refresh = useRefresh();
  return useApiAction((lead: Pick<Lead, 'id' | 'email'>) => approveLead(lead.id), {
    success: (_, lead) => ({ message: 'membership.requests.approved', args: { email: lead.email } }),
    onSettled: refresh,
  });
}
