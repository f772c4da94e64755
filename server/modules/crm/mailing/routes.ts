import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RoleName } from '../../../auth/roles';
import { IdBody, IdQuery, IdReply, errorReplies } from '../../../http/schemas';
import type { ModuleDeps } from '../../deps';
import * as lists from './lists';
import * as mailQueue from './mailQueue';
import { placeholders } from './render';
import * as schemas from './schemas';
import * as sends from './sends';
import * as templates from './templates';
import * as unsubscribe from './unsubscribe';
import { clientDeliverability } from './bounces';
import { bounceWebhookRoutes } from './bounceWebhook';

const ADMIN: RoleName[] = ['admin'];
const tags = ['crm'];
const admin = <S extends object>(schema: S) => ({ config: { access: ADMIN }, schema: { tags, ...schema } });

/**
 * Email templates, mailing lists, sends (campaigns) and the mail queue — the admin's —
 * and the public unsubscribe link. Their wire shapes are in schemas.ts.
 */
export const mailingRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;

  // Templates -----------------------------------------------------------------------------

  app.get('/api/crm/emailtemplates', admin({ querystring: schemas.TemplateListQuery, response: { 200: schemas.TemplateList, ...errorReplies(400, 401, 403) } }), (request) =>
    templates.listTemplates(deps.reads(request), request.query),
  );

  app.get('/api/crm/emailtemplate', admin({ querystring: IdQuery, response: { 200: schemas.TemplateReply, ...errorReplies(400, 401, 403, 404) } }), async (request) => ({
    data: await templates.getTemplate(db, request.query.id),
  }));

  app.post(
    '/api/crm/savetemplate',
    admin({
      description: 'Creates (no id, 201) or updates a template. The body is sanitised; an unknown {{placeholder}} answers 400 naming subject or body.',
      body: schemas.SaveTemplateInput,
      response: { 200: schemas.TemplateReply, 201: schemas.TemplateReply, ...errorReplies(400, 401, 403, 404) },
    }),
    async (request, reply) => {
      const { template, created } = await templates.saveTemplate(db, request.user!, request.body);
      return reply.status(created ? 201 : 200).send({ data: template });
    },
  );

  app.post('/api/crm/deletetemplate', admin({ body: IdBody, response: { 200: IdReply, ...errorReplies(400, 401, 403, 404, 409) } }), async (request) => {
    await templates.deleteTemplate(db, request.user!, request.body.id);
    return { data: { id: request.body.id } };
  });

  app.get('/api/crm/placeholders', admin({ response: { 200: schemas.PlaceholderList, ...errorReplies(401, 403) } }), async () => ({
    data: placeholders.map((p) => ({ ...p })),
  }));

  app.post('/api/crm/previewtemplate', admin({ body: schemas.PreviewInput, response: { 200: schemas.PreviewReply, ...errorReplies(400, 401, 403) } }), async (request) => ({
    data: await templates.previewTemplate(db, deps, request.body),
  }));

  app.post('/api/crm/testsendtemplate', admin({ body: schemas.TestSendInput, response: { 200: schemas.TestSendReply, ...errorReplies(400, 401, 403) } }), async (request) => ({
    data: await templates.testSendTemplate(db, deps, request.user!, request.body),
  }));

  // Lists ---------------------------------------------------------------------------------

  app.get('/api/crm/mailinglists', admin({ querystring: schemas.MailingListListQuery, response: { 200: schemas.MailingListList, ...errorReplies(400, 401, 403) } }), (request) =>
    lists.listMailingLists(deps.reads(request), request.query),
  );

  app.get('/api/crm/mailinglist', admin({ querystring: schemas.MailingListQuery, response: { 200: schemas.MailingListDetail, ...errorReplies(400, 401, 403, 404) } }), async (request) => ({
    data: await lists.mailingListWithMembers(db, request.query),
  }));

  app.post(
    '/api/crm/savemailinglist',
    admin({ body: schemas.SaveMailingListInput, response: { 200: schemas.MailingListReply, 201: schemas.MailingListReply, ...errorReplies(400, 401, 403, 404) } }),
    async (request, reply) => {
      const { list, created } = await lists.saveMailingList(db, request.user!, request.body);
      return reply.status(created ? 201 : 200).send({ data: list });
    },
  );

  app.post('/api/crm/savemailinglistclients', admin({ body: schemas.SaveMembersInput, response: { 200: schemas.MailingListReply, ...errorReplies(400, 401, 403, 404) } }), async (request) => ({
    data: await lists.saveMembers(db, request.user!, request.body),
  }));

  app.post('/api/crm/addsegment', admin({ body: schemas.SegmentInput, response: { 200: schemas.SegmentReply, ...errorReplies(400, 401, 403, 404) } }), async (request) => ({
    data: await lists.addSegment(db, request.user!, request.body),
  }));

  app.post('/api/crm/deletemailinglist', admin({ body: IdBody, response: { 200: IdReply, ...errorReplies(400, 401, 403, 404, 409) } }), async (request) => {
    await lists.deleteMailingList(db, request.user!, request.body.id);
    return { data: { id: request.body.id } };
  });

  // Sends ---------------------------------------------------------------------------------

  app.post(
    '/api/crm/sendmailinglist',
    admin({
      description: `Starts a send (201), or with \`scheduled_at\` (in the future, 400 otherwise) schedules it (status \`scheduled\`, cancellable until then). The same Idempotency-Key answers the same send (200); without a key, a second call for the same list and template within ${sends.DOUBLE_CLICK_MS / 1000} s while the first runs answers the first (200).`,
      headers: schemas.IdempotencyHeaders,
      body: schemas.StartSendInput,
      response: { 200: schemas.SendReply, 201: schemas.SendReply, ...errorReplies(400, 401, 403, 404) },
    }),
    async (request, reply) => {
      const { send, created } = await sends.startSend(db, deps, request.user!, request.body, request.headers['idempotency-key']);
      return reply.status(created ? 201 : 200).send({ data: send });
    },
  );

  app.get('/api/crm/mailingsend', admin({ querystring: IdQuery, response: { 200: schemas.SendReply, ...errorReplies(400, 401, 403, 404) } }), async (request) => ({
    data: await sends.getSend(db, request.query.id, deps.now()),
  }));

  app.get('/api/crm/mailingsends', admin({ querystring: schemas.SendListQuery, response: { 200: schemas.SendList, ...errorReplies(400, 401, 403) } }), (request) =>
    sends.listSends(deps.reads(request), request.query, deps.now()),
  );

  for (const action of ['pause', 'resume', 'cancel', 'retry'] as const) {
    app.post(`/api/crm/${action}send`, admin({ body: IdBody, response: { 200: schemas.SendReply, ...errorReplies(400, 401, 403, 404, 409) } }), async (request) => ({
      data: await sends.changeSend(db, deps, request.user!, request.body.id, action),
    }));
  }

  app.get('/api/crm/senddeliveries', admin({ querystring: schemas.DeliveryListQuery, response: { 200: schemas.DeliveryList, ...errorReplies(400, 401, 403) } }), (request) =>
    sends.listDeliveries(deps.reads(request), request.query),
  );

  // Mail queue ----------------------------------------------------------------------------

  app.get('/api/crm/mailqueue', admin({ querystring: schemas.MailQueueQuery, response: { 200: schemas.QueuedMailList, ...errorReplies(400, 401, 403) } }), (request) =>
    mailQueue.listMailQueue(deps.reads(request), request.query),
  );

  app.post('/api/crm/retrymail', admin({ body: IdBody, response: { 200: schemas.QueuedMailReply, ...errorReplies(400, 401, 403, 404, 409) } }), async (request) => ({
    data: await mailQueue.retryMail(db, deps, request.user!, request.body.id),
  }));

  // Bounces -------------------------------------------------------------------------------

  app.get(
    '/api/crm/clientdeliverability',
    admin({ querystring: schemas.ClientDeliverabilityQuery, response: { 200: schemas.ClientDeliverability, ...errorReplies(400, 401, 403, 404) } }),
    async (request) => ({ data: await clientDeliverability(db, request.query.id) }),
  );

  await app.register(unsubscribeRoutes, { deps });
  await app.register(bounceWebhookRoutes, { deps });
};

/**
 * The public unsubscribe link. Mail clients that offer one-click unsubscribe (RFC 8058) POST
 * `List-Unsubscribe=One-Click` as a form; the parsers for that are registered here only.
 */
const unsubscribeRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 10_000 }, (_request, body, done) => done(null, { form: String(body) }));
  }

  app.get(
    '/api/crm/unsubscribe',
    { config: { access: 'public' }, schema: { tags, querystring: schemas.TokenQuery, response: { 200: schemas.UnsubscribeReply, ...errorReplies(400, 404) } } },
    async (request) => ({ data: await unsubscribe.describeUnsubscribe(deps.db, request.query.token) }),
  );

  app.post(
    '/api/crm/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'Unsubscribes the client the link was sent to: from the unsubscribe page, or RFC 8058 one-click (body List-Unsubscribe=One-Click).',
        querystring: schemas.TokenQuery,
        response: { 200: schemas.UnsubscribeReply, ...errorReplies(400, 404) },
      },
    },
    async (request) => {
      const form = (request.body as { form?: string } | undefined)?.form ?? '';
      const via = /List-Unsubscribe=One-Click/i.test(form) ? 'one-click' : 'link';
      return { data: await unsubscribe.unsubscribe(deps.db, request.query.token, via) };
    },
  );
};
