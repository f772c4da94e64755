import { apiGet, apiPost } from '../../providers/http';

/** An erasure request as the privacy calls answer it (server/modules/privacy/routes.ts). */
export interface ErasureRequest {
  id: number;
  client_id: number;
  client_name: string;
  status: 'pending' | 'approved' | 'declined';
  requested_by_name: string | null;
  requested_at: string;
  decided_by_name: string | null;
  decided_at: string | null;
  decline_reason: string | null;
}

export const EXPORT_PATH = 'api/privacy/export';
export const latestErasure = (clientId: number, signal?: AbortSignal) =>
  apiGet<{ data: ErasureRequest | null }>('api/privacy/erasure', { client_id: String(clientId) }, signal).then((answer) => answer.data);
export const requestErasure = (clientId: number) => apiPost<{ data: ErasureRequest }>('api/privacy/requesterasure', { client_id: clientId });
export const approveErasure = (id: number) => apiPost<{ data: ErasureRequest }>('api/privacy/approveerasure', { id });
export const declineErasure = (id: number, reason: string) => apiPost<{ data: ErasureRequest }>('api/privacy/declineerasure', { id, reason });
