import type { FastifyRequest } from 'fastify';
import { addDays, businessDay } from '../../shared/billing/accounts';
import { badRequest } from './errors';

/**
 * The window a business date (a payment's day, a statement's or report's period) must fall in.
 * The schema's `format: 'date'` takes any calendar day, 0001-01-01 included; a payment dated
 * then would open the client's statement twenty centuries long. Nothing the portal bills is
 * older than EARLIEST_BUSINESS_DATE, and nothing is dated beyond tomorrow (a day of slack for a
 * payer ahead of South African time).
 */
export const EARLIEST_BUSINESS_DATE = '2000-01-01';

export function businessDateWindow(now: Date): { earliest: string; latest: string } {
  return { earliest: EARLIEST_BUSINESS_DATE, latest: addDays(businessDay(now), 1) };
}

/** Each given YYYY-MM-DD inside the window, or a 400 naming the first field outside it. */
export function assertBusinessDates(dates: Record<string, string | undefined>, now: Date): void {
  const { earliest, latest } = businessDateWindow(now);
  for (const [field, day] of Object.entries(dates)) {
    if (day !== undefined && (day < earliest || day > latest)) {
      throw badRequest(field, `${field} must be a date from ${earliest} to ${latest}`);
    }
  }
}

/**
 * A route hook (`preHandler`, after the schema has checked the format) holding the named fields of
 * the query string or body to the window.
 */
export function businessDates(from: 'query' | 'body', fields: readonly string[], now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => {
    const source = (request[from] ?? {}) as Record<string, unknown>;
    assertBusinessDates(Object.fromEntries(fields.map((field) => [field, typeof source[field] === 'string' ? (source[field] as string) : undefined])), now());
  };
}
