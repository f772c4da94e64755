import type { MailingSend, SendStatus } from './types';

/** A send still has work to do (its progress is polled, it can be cancelled). */
export const isActive = (status: SendStatus) => status === 'scheduled' || status === 'running' || status === 'paused';

/** How often a running send's progress is read. */
export const POLL_MS = 1000;
/** With live events a running send's figures come as they move; this re-read only keeps the time left counting and covers a lost stream. */
export const LIVE_POLL_MS = 2 * POLL_MS;

/**
 * How far a send has come: the recipients handled, sent or failed, out of the total (the server
 * leaves the skipped ones — unsubscribed, archived, without an address — out of the total). A
 * finished send is at 100 % even with nobody to mail.
 */
export function progressOf(send: Pick<MailingSend, 'total' | 'sent' | 'failed' | 'status'>): { handled: number; percent: number } {
  const handled = send.sent + send.failed;
  if (send.total <= 0) return { handled, percent: send.status === 'done' ? 100 : 0 };
  return { handled, percent: Math.min(100, Math.floor((handled * 100) / send.total)) };
}

/** The time left, split for a message like "2 min 05 s"; null when unknown. */
export function timeLeftParts(seconds: number | null): { minutes: number; seconds: string } | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.ceil(seconds);
  return { minutes: Math.floor(whole / 60), seconds: String(whole % 60).padStart(2, '0') };
}
