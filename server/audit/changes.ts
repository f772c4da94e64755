/** A record as a write saw it: a database row or an API record. */
export type Snapshot = object;

export interface FieldChange {
  before: unknown;
  after: unknown;
}

/**
 * Keys whose values are credentials or stand for them: password hashes, reset and completion
 * tokens and their hashes, signing secrets, the order tracking token (it opens the public page).
 */
function isSecretKey(key: string): boolean {
  const name = key.toLowerCase().replace(/[_-]/g, '');
  return name === 'password' || name.endsWith('hash') || name.includes('token') || name.includes('secret');
}
/** Bookkeeping every write touches; it would make every entry look like a change of it. */
const NOISE_KEY = /^(updated_?at|version)$/i;

/** JSON-safe copy without secret keys, at any depth. Dates become ISO strings. */
export function withoutSecrets(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, field]) => !isSecretKey(key) && field !== undefined)
        .map(([key, field]) => [key, withoutSecrets(field)]),
    );
  }
  return value;
}

/**
 * The fields that differ between two snapshots (a create has no before, a delete no after), each
 * as {before, after}; secrets and bookkeeping left out.
 */
export function auditChanges(before: Snapshot | null, after: Snapshot | null): Record<string, FieldChange> {
  const old = withoutSecrets(before ?? {}) as Record<string, unknown>;
  const now = withoutSecrets(after ?? {}) as Record<string, unknown>;
  const changes: Record<string, FieldChange> = {};
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (NOISE_KEY.test(key)) continue;
    const was = key in old ? old[key] : null;
    const is = key in now ? now[key] : null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[key] = { before: was, after: is };
  }
  return changes;
}
