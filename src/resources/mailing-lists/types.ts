/** The mailing records as the API answers them (server/modules/crm/mailing/schemas.ts). */

export interface EmailTemplate {
  id: number;
  name: string;
  subject: string;
  /** Sanitised HTML with `{{placeholders}}`. */
  body: string;
  updated_at: string;
  send_count: number;
}

export interface Placeholder {
  key: string;
  example: string;
}

export interface TemplatePreview {
  subject: string;
  html: string;
  text: string;
}

export interface MailingList {
  id: number;
  name: string;
  description: string;
  client_count: number;
  unsubscribed_count: number;
  /** Members not unsubscribed whose address bounces: the server skips them too. */
  undeliverable_count: number;
  created_at: string;
}

export interface ListMember {
  client_id: number;
  name: string;
  contact_name: string;
  email: string;
  type: string;
  branch_id: number | null;
  membership_status: string;
  archived: boolean;
  unsubscribed: boolean;
  unsubscribed_at: string | null;
  undeliverable: boolean;
  added_at: string;
}

export type SendStatus = 'scheduled' | 'running' | 'paused' | 'cancelled' | 'done';

export interface MailingSend {
  id: number;
  /** Null once the list or template is deleted; the names stay. */
  mailing_list_id: number | null;
  mailing_list_name: string;
  template_id: number | null;
  template_name: string;
  subject: string;
  status: SendStatus;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  /** Of the skipped: their address bounces. */
  undeliverable: number;
  /** Of the skipped: leads (not yet customers) without consent (POPIA). */
  no_consent: number;
  /** Bounces and spam complaints that came back for this send's mail. */
  bounced: number;
  complaints: number;
  queued: number;
  rate_per_s: number;
  seconds_left: number | null;
  created_at: string;
  /** When a scheduled send starts (or started). */
  scheduled_at: string | null;
  started_at: string | null;
  finished_at: string | null;
}

/** crm/clientdeliverability: whether list mail reaches a member. */
export interface ClientDeliverability {
  client_id: number;
  email: string;
  undeliverable: boolean;
  undeliverable_at: string | null;
  reason: string | null;
  soft_bounces: number;
  last_bounce_type: 'hard' | 'soft' | null;
  last_bounce_at: string | null;
  unsubscribed: boolean;
  unsubscribed_via: string | null;
  unsubscribed_at: string | null;
}

export interface Delivery {
  id: number;
  client_id: number;
  name: string;
  email: string;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'skipped' | 'cancelled';
  error: string | null;
  attempts: number;
  sent_at: string | null;
}

export type QueueStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface QueuedMail {
  id: number;
  to: string;
  subject: string;
  status: QueueStatus;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  created_at: string;
  run_at: string;
  finished_at: string | null;
  ref: string | null;
}
