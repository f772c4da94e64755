import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Job, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { SecretBox } from '../../auth/secretBox';
import { type JobHandler, PermanentJobError } from '../../jobs/worker';
import { type AddressPolicy, BlockedAddressError, addressToConnect } from './addressGuard';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookSignature } from './signature';
import { WEBHOOK_JOB } from './emit';
import { secretContext } from './secrets';

/** How long one try may take, connection to last byte (a receiver that trickles its answer is cut off too). */
const TIMEOUT_MS = 10_000;
/** How much of an answer's body the delivery log keeps. */
export const KEPT_BODY_BYTES = 2048;

export interface WebhookDeliveryDeps {
  db: Db;
  secrets: SecretBox;
  now: () => Date;
  webhookAddresses: AddressPolicy;
}

/** The receiver answered, but not with a 2xx: the answer is on the delivery already. */
class NotAccepted extends Error {}

interface Answer {
  status: number;
  body: string;
}

/**
 * One POST, to the address the guard checked: the connection's own lookup answers that address,
 * so a name that resolves elsewhere a moment later (DNS rebinding) is never connected to. The
 * Host header and TLS name stay the URL's. Redirects are not followed (a 3xx is an answer).
 */
function post(url: URL, address: string, headers: Record<string, string>, body: string): Promise<Answer> {
  const family = isIP(address);
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = send(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup }, (res: IncomingMessage) => {
      const kept: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < KEPT_BODY_BYTES) kept.push(chunk.subarray(0, KEPT_BODY_BYTES - size));
        size += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(kept).toString('utf8') }));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('the answer was cut off')));
    });
    const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    req.on('error', reject);
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}

/**
 * Runs the `webhook_delivery` jobs: signs `{event, data, id}` with the endpoint's secret, POSTs it,
 * and writes the try's outcome on the delivery (the log). A 2xx is done; anything else throws, so
 * the worker tries again with back-off up to the job's attempts (emit.ts); an address the guard
 * refuses fails at once (trying again cannot help until an admin changes the endpoint).
 */
export function webhookJobHandler(deps: WebhookDeliveryDeps): JobHandler {
  return {
    kind: WEBHOOK_JOB,
    async run(job: Job) {
      const deliveryId = String(job.payload.delivery_id);
      const [row] = await deps.db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, deliveryId));
      // The endpoint was deleted (its deliveries with it): nothing left to send.
      if (!row) return;
      const { delivery, endpoint } = row;
      const final = job.attempts >= job.maxAttempts;
      const started = Date.now();
      const record = (outcome: Partial<typeof webhookDeliveries.$inferInsert>) =>
        deps.db
          .update(webhookDeliveries)
          .set({ attempts: job.attempts, lastAttemptAt: deps.now(), durationMs: Date.now() - started, ...outcome })
          .where(eq(webhookDeliveries.id, deliveryId));
      try {
        const secret = deps.secrets.open(endpoint.secretSealed, secretContext(endpoint.id));
        if (secret === null) throw new PermanentJobError('the endpoint secret does not open with this server key');
        const url = new URL(endpoint.url);
        const address = await addressToConnect(url, deps.webhookAddresses);
        const body = JSON.stringify({ event: delivery.event, data: delivery.data, id: delivery.id });
        const timestamp = Math.floor(deps.now().getTime() / 1000);
        const answer = await post(
          url,
          address,
          {
            'content-type': 'application/json',
            'user-agent': 'MembersPortal-Webhooks/1',
            [TIMESTAMP_HEADER]: String(timestamp),
            [SIGNATURE_HEADER]: webhookSignature(secret, timestamp, body),
          },
          body,
        );
        const ok = answer.status >= 200 && answer.status < 300;
        await record({
          status: ok ? 'succeeded' : final ? 'failed' : 'retrying',
          responseStatus: answer.status,
          responseBody: answer.body,
          error: ok ? null : `answered ${answer.status}`,
          deliveredAt: ok ? deps.now() : null,
        });
        if (!ok) throw new NotAccepted(`${endpoint.url} answered ${answer.status}`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const permanent = error instanceof BlockedAddressError || error instanceof PermanentJobError;
        if (!(error instanceof NotAccepted)) {
          await record({ status: final || permanent ? 'failed' : 'retrying', responseStatus: null, responseBody: null, error: message.slice(0, 500) });
        }
        throw permanent && !(error instanceof PermanentJobError) ? new PermanentJobError(message) : error;
      }
    },
  };
}
