/**
 * A lead as it travels (crm/salesleads, crm/savelead, crm/movelead).
 * Pure data and rules: the public registration page imports the client types from here, so
 * nothing in this module may pull in react-admin.
 */
export const leadStatuses = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const leadSources = ['register', 'manual', 'rep', 'import'] as const;
export type LeadSource = (typeof leadSources)[number];

/** Who may ask to become a member (the company's own `admin` type is not offered). */
export const memberTypes = ['stockist', 'individual'] as const;
export type MemberType = (typeof memberTypes)[number];

export interface Lead {
  id: number;
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  client_type: MemberType;
  branch_id: number | null;
  source: LeadSource;
  status: LeadStatus;
  owner_id: number | null;
  owner_name: string | null;
  notes: string;
  follow_up_at: string | null;
  reject_reason: string | null;
  client_id: number | null;
  locale: string;
  created_at: string;
  updated_at: string;
}

/** The open member requests (crm/salesleads `requests=true`): registrations not yet approved or rejected. */
export const requestsFilter = { requests: true };

/** A lead that has left the pipeline: converted to a member, or lost. */
export const isClosed = (status: LeadStatus): boolean => status === 'converted' || status === 'lost';

/**
 * The status a keyboard move goes to: one step along the pipeline, or nothing at either end.
 * `step` is +1 (next) or -1 (previous), already turned around for right-to-left pages.
 */
export function neighbourStatus(status: LeadStatus, step: 1 | -1): LeadStatus | null {
  const next = leadStatuses.indexOf(status) + step;
  return next >= 0 && next < leadStatuses.length ? leadStatuses[next] : null;
}

/** A follow-up is due when its date has come and the lead is still open (the server's `follow_up_due`). */
export const isFollowUpDue = (lead: Pick<Lead, 'follow_up_at' | 'status'>, now = new Date()): boolean =>
  !!lead.follow_up_at && !isClosed(lead.status) && new Date(lead.follow_up_at) <= now;

/** How long a request has waited, as a message key and count ("3 days"). */
export function ageOf(createdAt: string, now = new Date()): { key: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 60) return { key: 'minutes', count: Math.max(1, minutes) };
  if (minutes < 24 * 60) return { key: 'hours', count: Math.floor(minutes / 60) };
  return { key: 'days', count: Math.floor(minutes / (24 * 60)) };
}
