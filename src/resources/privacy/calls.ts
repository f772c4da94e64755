import type { Locale } from '../../../i18n/locales';
import type { ConsentMethod } from '../../../shared/privacy/consent';
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

/** The calls of POPIA's consents and information officer (server/modules/privacy/consentRoutes.ts). */
export interface ConsentRecord {
  id: number;
  given: boolean;
  method: ConsentMethod;
  wording: string;
  locale: string;
  ip: string | null;
  note: string;
  recorded_by: string | null;
  lead_id: number | null;
  at: string;
}

export type ConsentSubject = { client_id: number } | { lead_id: number };

export interface Officer {
  name: string;
  email: string;
  phone: string;
}

export const setOwnConsent = (given: boolean, locale: Locale) => apiPost<{ data: ConsentRecord[] }>('api/privacy/myconsent', { given, locale });
export const recordConsent = (subject: ConsentSubject, body: { given: boolean; locale: Locale; note: string }) =>
  apiPost<{ data: ConsentRecord[] }>('api/privacy/recordconsent', { ...subject, ...body });
export const saveOfficer = (officer: Officer) => apiPost<{ data: Officer }>('api/privacy/saveofficer', officer);

/** The language of the screen as a portal locale (the wording stored with a consent is in it). */
export { isLocale } from '../../../i18n/locales';
