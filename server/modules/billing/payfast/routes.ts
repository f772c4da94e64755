import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RoleName } from '../../../auth/roles';
import { IdQuery, errorReplies } from '../../../http/schemas';
import { HttpError, badRequest, conflict } from '../../../http/errors';
import type { ModuleDeps } from '../../deps';
import { centsToDecimal } from '../../../../shared/billing/vat';
import * as wire from './wire';
import { createCheckout, getCheckout } from './checkout';
import { payfastGateway, testGateway, type PayfastGateway } from './gateway';
import { listNotifications, receiveNotification } from './notify';
import { payfastSignature, signed, type PayfastFields } from './signature';

const ADMIN: RoleName[] = ['admin'];
/** Who pays online: a member for its own invoices, an admin for anyone's. */
const PAYERS: RoleName[] = ['admin', 'stockist', 'individual'];
const tags = ['billing'];
const FORM = 'application/x-www-form-urlencoded';

/** A form body as its [name, value] pairs in the order sent (the signature depends on it); a name twice is refused. */
function formPairs(body: string): PayfastFields {
  const pairs = [...new URLSearchParams(body)];
  if (pairs.length > 60) throw badRequest('form', 'At most 60 fields');
  const names = new Set<string>();
  for (const [name, value] of pairs) {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(name)) throw badRequest('form', `Not a field name: ${name.slice(0, 40)}`);
    if (names.has(name)) throw badRequest(name, `The field ${name} is sent twice`);
    if (value.length > 1000) throw badRequest(name, `The field ${name} is longer than 1000 characters`);
    names.add(name);
  }
  return pairs;
}

/** The form a PayFast-style call posted; any other body is not PayFast's. */
function pairsOf(request: object): PayfastFields {
  const pairs = (request as { formPairs?: PayfastFields }).formPairs;
  if (!pairs) throw new HttpError(415, `Send the fields as ${FORM}`);
  return pairs;
}

/** The gateway this instance pays through: PayFast when configured, else the test gateway where allowed, else none. */
function gatewayOf(deps: ModuleDeps): (PayfastGateway & { issue?: () => string }) | null {
  if (deps.payfast) return payfastGateway(deps.payfast, deps.payfastLookup);
  return deps.payfastTestGateway ? testGateway() : null;
}

/**
 * Paying invoices online through PayFast: the checkout (the signed payment form), PayFast's
 * notification, the admin's log of notifications and, without PayFast settings outside
 * production, the portal's own test gateway. No gateway (production without settings): no routes.
 */
export const payfastRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const gateway = gatewayOf(deps);
  if (!gateway) return;
  const { db } = deps;
  // The form as its ordered pairs: Fastify's object would lose nothing here, but the signature is
  // defined over the order received, so the pairs are what the handler reads.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 20_000 }, (request, body, done) => {
    try {
      const pairs = formPairs(String(body));
      (request as unknown as { formPairs: PayfastFields }).formPairs = pairs;
      done(null, Object.fromEntries(pairs));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.post(
    '/api/billing/checkout',
    { config: { access: PAYERS }, schema: { tags, body: wire.CheckoutInput, response: { 201: wire.CheckoutReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request, reply) => reply.status(201).send({ data: await createCheckout(db, request.user!, request.body.invoice_ids, gateway, deps.publicUrl) }),
  );
  app.get(
    '/api/billing/checkout',
    { config: { access: PAYERS }, schema: { tags, querystring: IdQuery, response: { 200: wire.CheckoutState, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await getCheckout(db, request.user!, request.query.id) }),
  );

  app.post(
    '/api/billing/payfast_notify',
    {
      // The form is read by the content-type parser (in its order); documentedBody shows it in the reference.
      config: { access: 'public', documentedBody: wire.NotificationForm },
      schema: {
        tags,
        consumes: [FORM],
        description: 'PayFast’s payment notification (ITN). Answers 200 at once; the notification is then checked and logged, and a genuine COMPLETE one pays its checkout.',
        response: { 200: Type.String(), ...errorReplies(400, 415) },
      },
    },
    async (request, reply) => {
      const fields = pairsOf(request);
      // The caller's address is the connection's (the server trusts no forwarding header).
      const work = receiveNotification(db, gateway, fields, request.ip, deps.now()).catch((error: unknown) => {
        deps.log.warn({ err: error, pf_payment_id: fields.find(([name]) => name === 'pf_payment_id')?.[1] }, 'PayFast notification not processed');
      });
      deps.payfastInFlight.track(work);
      return reply.type('text/plain').send('');
    },
  );

  app.get(
    '/api/billing/payfast_notifications',
    { config: { access: ADMIN }, schema: { tags, querystring: wire.NotificationListQuery, response: { 200: wire.NotificationList, ...errorReplies(400, 401, 403) } } },
    (request) => listNotifications(deps.reads(request), request.query),
  );

  if (gateway.test && gateway.issue) testGatewayRoutes(app, deps, gateway as PayfastGateway & { issue: () => string });
};

/**
 * The test gateway's two pages' calls: its payment form (where the browser posts the checkout's
 * fields, as it would to PayFast) and its "pay" button, which posts a notification signed as
 * PayFast signs it to the portal's own notify address, from this machine.
 */
function testGatewayRoutes(app: Parameters<typeof payfastRoutes>[0], deps: ModuleDeps, gateway: PayfastGateway & { issue: () => string }) {
  const { settings } = gateway;
  app.post(
    '/api/billing/test_gateway/eng/process',
    {
      config: { access: 'public', documentedBody: wire.NotificationForm },
      schema: {
        tags,
        consumes: [FORM],
        description: 'The test gateway’s payment form (not in production): checks the signed form and opens the test payment page.',
        response: { 303: Type.Null({ description: 'To the test gateway’s payment page of the checkout (Location)' }), ...errorReplies(400, 415) },
      },
    },
    async (request, reply) => {
      const fields = pairsOf(request);
      const value = (name: string) => fields.find(([key]) => key === name)?.[1] ?? '';
      if (value('merchant_id') !== settings.merchantId || value('signature') !== payfastSignature(fields, settings.passphrase)) throw badRequest('signature', 'The payment form’s signature does not match');
      if (!/^\d{1,9}$/.test(value('m_payment_id'))) throw badRequest('m_payment_id', 'No checkout');
      return reply.redirect(`/billing/test-gateway/${value('m_payment_id')}`, 303);
    },
  );
  app.post(
    '/api/billing/test_gateway/pay',
    { config: { access: PAYERS }, schema: { tags, description: 'The test gateway pays (or fails) a checkout: no money moves.', body: wire.TestPayInput, response: { 200: wire.CheckoutState, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => {
      const checkout = await getCheckout(deps.db, request.user!, request.body.id);
      if (checkout.status === 'paid' && request.body.status === 'COMPLETE') throw conflict('id', 'This checkout is paid already');
      const fee = Math.round(checkout.amount * 0.035);
      const fields = signed(
        [
          ['m_payment_id', String(checkout.id)],
          ['pf_payment_id', gateway.issue()],
          ['payment_status', request.body.status],
          ['item_name', `Invoices ${checkout.invoices.map((invoice) => invoice.number).join(', ')}`.slice(0, 100)],
          ['amount_gross', centsToDecimal(checkout.amount)],
          ['amount_fee', centsToDecimal(-fee)],
          ['amount_net', centsToDecimal(checkout.amount - fee)],
          ['merchant_id', settings.merchantId],
        ],
        settings.passphrase,
      );
      const sent = await app.inject({ method: 'POST', url: '/api/billing/payfast_notify', headers: { 'content-type': FORM }, payload: new URLSearchParams(fields).toString(), remoteAddress: '127.0.0.1' });
      if (sent.statusCode !== 200) throw new HttpError(502, `The notification was answered ${sent.statusCode}`);
      await deps.payfastInFlight.settled();
      return { data: await getCheckout(deps.db, request.user!, checkout.id) };
    },
  );
}
