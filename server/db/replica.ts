import type { Pool, QueryConfig } from 'pg';

/** How long reads stay on the primary after the replica failed a query: no query waits on a dead replica twice in a row. */
export const REPLICA_BACK_OFF_MS = 5_000;
/** A replica that does not take a connection within this long counts as down for this read. */
export const REPLICA_CONNECT_TIMEOUT_MS = 1_000;

/**
 * Errors that say the replica cannot answer now, not that the query is wrong: the connection
 * refused, cut or timed out; the server shutting down or still starting (57P01–57P03); the
 * scratch database not there yet (3D000, a database created a moment ago on the primary); a
 * query cancelled by recovery on the standby (40001). Any of them: the same query on the primary.
 */
const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '3D000', '40001']);

export function replicaUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  if (code && unavailableCodes.has(code)) return true;
  // pg's own messages for a connection that ended or never came, which carry no code.
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(error.message);
}

type Query = (config: string | QueryConfig, values?: unknown[]) => Promise<unknown>;

/**
 * The replica's pool answers each query itself while it can and hands it to the primary's pool
 * when it cannot (see replicaUnavailable), then keeps sending reads to the primary for
 * REPLICA_BACK_OFF_MS before trying the replica again. Only reads come here (lists, statistics,
 * exports), so repeating one on the primary is safe.
 */
export function fallBackToPrimary(replica: Pool, primary: Pool, now: () => number = Date.now, warn: (message: string) => void = console.warn): { healthy(): boolean } {
  let downUntil = 0;
  const onReplica = replica.query.bind(replica) as Query;
  const onPrimary = primary.query.bind(primary) as Query;
  (replica as unknown as { query: Query }).query = async (config, values) => {
    if (now() < downUntil) return onPrimary(config, values);
    try {
      return await onReplica(config, values);
    } catch (error) {
      if (!replicaUnavailable(error)) throw error;
      if (now() >= downUntil) warn(`The read replica did not answer (${(error as Error).message}); reading from the primary for ${REPLICA_BACK_OFF_MS / 1000} s`);
      downUntil = now() + REPLICA_BACK_OFF_MS;
      return onPrimary(config, values);
    }
  };
  return { healthy: () => now() >= downUntil };
}
