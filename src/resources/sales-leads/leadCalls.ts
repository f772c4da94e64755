import { HttpError } from 'react-admin';
import { ApiError, apiPost } from '../../providers/http';
import type { LeadStatus } from './leads';

/**
 * The sales-lead calls beyond a list's own reads and saves. A refusal becomes
 * react-admin's HttpError, so form dialogs show the server's field errors next to their inputs.
 */
async function post<T>(path: string, body: unknown): Promise<T> {
  try {
    return (await apiPost<{ data: T }>(`api/crm/${path}`, body)).data;
  } catch (error) {
    if (error instanceof ApiError) throw new HttpError(error.message, error.status, { message: error.message, errors: error.errors });
    throw error;
  }
}

/** Approves a request: the client is created and the completion link emailed (twice = the same client). */
export const approveLead = (leadId: number) => post<{ client_id: number }>('auth_membership', { lead_id: leadId });
export const rejectLead = (id: number, reason: string) => post<{ id: number }>('reject_lead', { id, reason });
export const moveLead = (id: number, status: LeadStatus) => post<{ id: number }>('movelead', { id, status });
/** A new completion link for a member who has not completed yet; the old link stops working. */
export const sendMembershipReminder = (clientId: number) => post<{ client_id: number }>('send_membership_reminder', { client_id: clientId });

export interface NewMember {
  type: string;
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  branch_id: number | null;
  /** The language of the member's emails; English when not given. */
  locale?: string;
}
export const addMember = (member: NewMember) => post<{ client_id: number }>('add_member', member);

export interface ImportRow {
  line: number;
  type: string;
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  branch: string;
  errors: Record<string, string>;
}
export interface ImportResult {
  rows: ImportRow[];
  valid: boolean;
  created: number;
}
/** `commit: false` only checks the file (the preview); `commit: true` writes it, all rows or none. */
export const importMembers = (csv: string, commit: boolean) => post<ImportResult>('import_members', { csv, commit });
