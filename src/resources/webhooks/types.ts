import type { WebhookDeliveryStatus } from '../../../shared/webhooks/events';

export interface WebhookEndpoint {
  id: number;
  url: string;
  description: string;
  events: string[];
  active: boolean;
  created_at: string;
  updated_at: string;
  /** Only in the answer of a create or a rotation. */
  secret?: string;
}

export interface WebhookDelivery {
  id: string;
  endpoint_id: number;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
  last_attempt_at: string | null;
  delivered_at: string | null;
}

/** The message key of an event's name (dots would nest in the messages). */
export const eventLabel = (event: string) => `webhooks.events.${event.replace(/\./g, '_')}`;
