import type { Locale } from '../../../i18n/locales';
import type { ConsentMethod } from '../../../shared/privacy/consent';
import { apiPost } from '../../providers/http';

/** The calls of POPIA's consents and information officer (server/modules/privacy/routes.ts). */
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
