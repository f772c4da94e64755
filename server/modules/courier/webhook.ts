import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorReplies } from '../../http/schemas';
import { SignedWebhookHeaders, keepRawJsonBodies, secretOrOff, signedWebhook } from '../../http/signedWebhook';
import type { ModuleDeps } from '../deps';
import { recordCourierEvent } from './events';
import { CourierEventInput, CourierEventReply } from './schemas';

const BODY_LIMIT = 16 * 1024;

/**
 * `api/webhooks/courier`: public (a courier has no session), so the HMAC with
 * COURIER_WEBHOOK_SECRET is its only trust, verified by the bounce webhook's own code
 * (server/http/signedWebhook.ts): the signature compared as bytes, stale timestamps refused, a
 * replay known by what was signed.
 */
export const courierWebhookRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  // The signature is over the exact bytes sent, so they are kept.
  keepRawJsonBodies(app, BODY_LIMIT);

  // 404 as the bounce webhook answers: without its secret the route is not there for this installation.
  const secretOrRefuse = (): string => secretOrOff(deps.courierWebhookSecret, 'courier', 'COURIER_WEBHOOK_SECRET');

  app.post(
    '/api/webhooks/courier',
    {
      config: { access: 'public' },
      preValidation: signedWebhook({ name: 'courier', secret: secretOrRefuse, now: () => deps.now() }),
      schema: {
        tags: ['courier'],
        description:
          'A courier tracking event, `{ waybill, status, at, location }`, signed: `X-Portal-Timestamp` (Unix seconds, within five minutes) and `X-Portal-Signature` (hex HMAC-SHA256 of `timestamp + "." + raw body` with COURIER_WEBHOOK_SECRET). Kept even before an order carries the waybill. 401 names the header at fault; 409: this signed request was already received; an event already recorded (same waybill, status and moment) in a new request is answered `duplicate: true`; 404 while no secret is set.',
        headers: SignedWebhookHeaders,
        body: CourierEventInput,
        response: { 200: CourierEventReply, ...errorReplies(400, 401, 404, 409) },
      },
    },
    async (request) => ({ data: await recordCourierEvent(deps.db, request.body, request.signedWebhook!.replayKey, deps.now()) }),
  );
};
