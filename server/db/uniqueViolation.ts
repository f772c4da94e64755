/**
 * The name of the unique index a failed write ran into (PostgreSQL error 23505), or null for any
 * other error. Drizzle wraps the driver's error in `cause`; pg and PGlite both carry `code` and
 * `constraint`.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}
