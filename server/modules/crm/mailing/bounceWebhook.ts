import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { bounceTypes } from '../../../db/schema';
import { badRequest } from '../../../http/errors';
import { Email, dataOf, errorReplies } from '../../../http/schemas';
import type { ModuleDeps } from '../../deps';
import { type BounceReport, recordBounce } from './bounces';
import { SignedWebhookHeaders, keepRawJsonBodies, secretOrOff, signedWebhook } from '../../../http/signedWebhook';
import { verifyMailgunSignature } from './webhookSignature';

const tags = ['crm'];
const BODY_LIMIT = 64 * 1024;

export const BounceInput = Type.Object(
  { email: Email, type: Type.Enum([...bounceTypes]), reason: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);

/** Mailgun's webhook body (https://documentation.mailgun.com/docs/mailgun/user-manual/events/webhooks/): only what is read. */
export const MailgunInput = Type.Object({
  signature: Type.Object({
    timestamp: Type.String({ maxLength: 20 }),
    token: Type.String({ minLength: 1, maxLength: 200 }),
    signature: Type.String({ maxLength: 200 }),
  }),
  'event-data': Type.Object({
    event: Type.String({ maxLength: 50 }),
    severity: Type.Optional(Type.String({ maxLength: 50 })),
    recipient: Type.Optional(Type.String({ maxLength: 254 })),
    reason: Type.Optional(Type.String({ maxLength: 2000 })),
    'delivery-status': Type.Optional(
      Type.Object({
        code: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 20 })])),
        message: Type.Optional(Type.String({ maxLength: 2000 })),
        description: Type.Optional(Type.String({ maxLength: 2000 })),
      }),
    ),
  }),
});

const BounceReply = dataOf(
  Type.Object({
    duplicate: Type.Boolean(),
    undeliverable: Type.Boolean(),
    unsubscribed: Type.Integer(),
    send_id: Type.Union([Type.Integer(), Type.Null()]),
    /** Mailgun sends every kind of event to one address; those that are not bounces are taken and ignored. */
    ignored: Type.Optional(Type.Boolean()),
  }),
);

/** Mailgun's event as a bounce report; null for events that are not bounces or complaints. */
function mailgunReport(body: Static<typeof MailgunInput>): Omit<BounceReport, 'signature'> | null {
  const event = body['event-data'];
  const type = event.event === 'complained' ? 'complaint' : event.event === 'failed' ? (event.severity === 'temporary' ? 'soft' : 'hard') : null;
  if (!type) return null;
  if (!event.recipient || !/^[^\s@]+@[^\s@]+$/.test(event.recipient)) throw badRequest('event-data.recipient', 'event-data.recipient must be an email address');
  const status = event['delivery-status'];
  const reason = [status?.code, status?.description || status?.message || event.reason].filter((part) => part !== undefined && part !== '').join(' ');
  return { email: event.recipient, type, reason, source: 'mailgun' };
}

/**
 * Bounces and complaints reported by the mail provider: the portal's own signed shape
 * (`api/webhooks/bounce`) and Mailgun's (`api/webhooks/bounce/mailgun`). Public routes — the
 * provider has no session — that trust a request only when its HMAC with BOUNCE_WEBHOOK_SECRET
 * matches and is under five minutes old; a refused request changes nothing. Without the secret
 * both answer 404 saying so.
 */
export const bounceWebhookRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  // The signature is over the exact bytes sent, so they are kept.
  keepRawJsonBodies(app, BODY_LIMIT);

  // 404 rather than 503: the route is not there for this installation, and nothing will change that but its configuration.
  const secretOrRefuse = (): string => secretOrOff(deps.bounceWebhookSecret, 'bounce', 'BOUNCE_WEBHOOK_SECRET');

  app.post(
    '/api/webhooks/bounce',
    {
      config: { access: 'public' },
      preValidation: signedWebhook({ name: 'portal', secret: secretOrRefuse, now: () => deps.now() }),
      schema: {
        tags,
        description:
          'A bounce or complaint, `{ email, type: hard | soft | complaint, reason }`, signed: `X-Portal-Timestamp` (Unix seconds, within five minutes) and `X-Portal-Signature` (hex HMAC-SHA256 of `timestamp + "." + raw body` with BOUNCE_WEBHOOK_SECRET). 401 names the header at fault; 404 while no secret is set.',
        headers: SignedWebhookHeaders,
        body: BounceInput,
        response: { 200: BounceReply, ...errorReplies(400, 401, 404) },
      },
    },
    async (request) => {
      const { email, type, reason } = request.body;
      const outcome = await recordBounce(deps.db, { email, type, reason: reason ?? '', source: 'webhook', signature: request.signedWebhook!.replayKey }, deps.now());
      return { data: outcome };
    },
  );

  app.post(
    '/api/webhooks/bounce/mailgun',
    {
      config: { access: 'public' },
      preValidation: async () => {
        secretOrRefuse();
      },
      schema: {
        tags,
        description:
          "Mailgun's webhook (events `failed`, permanent or temporary, and `complained`; others are answered and ignored), signed as Mailgun signs (HMAC-SHA256 of timestamp + token with the webhook signing key, set as BOUNCE_WEBHOOK_SECRET), within five minutes.",
        body: MailgunInput,
        response: { 200: BounceReply, ...errorReplies(400, 401, 404) },
      },
    },
    async (request) => {
      const secret = secretOrRefuse();
      const replayKey = verifyMailgunSignature(secret, request.body.signature, deps.now());
      const report = mailgunReport(request.body);
      if (!report) return { data: { duplicate: false, undeliverable: false, unsubscribed: 0, send_id: null, ignored: true } };
      const outcome = await recordBounce(deps.db, { ...report, signature: replayKey }, deps.now());
      return { data: outcome };
    },
  );
};
