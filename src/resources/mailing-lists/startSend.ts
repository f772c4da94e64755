import { ApiError, apiPost } from '../../providers/http';
import type { MailingSend } from './types';

/** A fresh key per confirmed "Send now": the server makes one send of every request carrying it. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain http on a LAN address have no randomUUID; 128 random bits do the same.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A request that may not have reached the server, or whose answer was lost: worth sending again. */
const worthRetrying = (error: unknown) => !(error instanceof ApiError) || error.status >= 500 || error.status === 0;

/**
 * Starts sending `templateId` to the list (crm/sendmailinglist), now or at `scheduledAt` (ISO). A
 * lost answer is retried with the same Idempotency-Key, so however often the request arrives it is one send.
 */
export async function startSend(listId: number, templateId: number, key: string, scheduledAt: string | null = null, attempts = 3, pauseMs = 500): Promise<MailingSend> {
  const body = { id: listId, template_id: templateId, ...(scheduledAt ? { scheduled_at: scheduledAt } : {}) };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const answer = await apiPost<{ data: MailingSend }>('api/crm/sendmailinglist', body, { 'Idempotency-Key': key });
      return answer.data;
    } catch (error) {
      if (attempt >= attempts || !worthRetrying(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs * attempt));
    }
  }
}
