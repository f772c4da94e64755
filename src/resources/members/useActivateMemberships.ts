import type { Identifier } from 'react-admin';
import { apiPost } from '../../providers/http';
import { useApiAction, type ApiActionOptions } from '../shared/useApiAction';

/**
 * clients/activate_membership for one or more members (one call each: each is its own
 * transaction and audit entry), with the notification of the outcome: `run(ids)`.
 */
export function useActivateMemberships(options: ApiActionOptions<Identifier[], unknown>) {
  return useApiAction((ids: Identifier[]) => Promise.all(ids.map((id) => apiPost('api/clients/activate_membership', { id }))), options);
}
