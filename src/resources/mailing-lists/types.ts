/** The records of issue 14 as the API answers them (/work CONTRACT-14, DESIGN §4 wire names). */

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
  created_at: string;
}

export interface ListMember {
  client_id: number;
  name: string;
  email: string;
  type: string;
  branch_id: number | null;
  membership_status: string;
  unsubscribed: boolean;
}

export type SendStatus = 'running' | 'paused' | 'cancelled' | 'done';

export interface MailingSend {
  id: number;
  mailing_list_id: number;
  mailing_list_name: string;
  template_id: number;
  template_name: string;
  status: SendStatus;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  rate_per_s: number;
  seconds_left: number | null;
  created_at: string;
  finished_at: string | null;
}

export interface Delivery {
  id: number;
  client_id: number;
  email: string;
  status: string;
  error: string | null;
  attempts: number;
  sent_at: string | null;
}

export type QueueStatus = 'queued' | 'running' | 'done' | 'failed';

export interface QueuedMail {
  id: number;
  to: string;
  subject: string;
  status: QueueStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
  ref: string | null;
}
