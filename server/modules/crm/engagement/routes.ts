import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../../http/errors';
import { Type } from 'typebox';
import type { RoleName } from '../../../auth/roles';
import { IdQuery, dataOf, errorReplies } from '../../../http/schemas';
import type { ModuleDeps } from '../../deps';
import { EngagementRecorder } from './recorder';
import { sendReport } from './report';
import { getEngagementSettings, saveEngagementSettings } from './settings';
import { EngagementTracker } from './tracker';

const ADMIN: RoleName[] = ['admin'];
const tags = ['crm'];

/** A transparent 1×1 GIF: the open pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Never cached: each time the mail is shown counts. */
const gif = (reply: FastifyReply) => reply.header('cache-control', 'no-store, private').type('image/gif').send(PIXEL);

const Token = Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) });
const Settings = Type.Object({ tie_engagement_to_members: Type.Boolean() }, { additionalProperties: false });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Report = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  mailing_list_name: Type.String(),
  template_name: Type.String(),
  status: Type.String(),
  started_at: Nullable(Type.String({ format: 'date-time' })),
  delivered: Type.Integer(),
  bounced: Type.Integer(),
  opened: Type.Integer(),
  unique_opened: Nullable(Type.Integer()),
  clicked: Type.Integer(),
  unique_clicked: Nullable(Type.Integer()),
  unsubscribed: Type.Integer(),
  tied_to_members: Type.Boolean(),
  hours: Type.Array(Type.Object({ hour: Type.String({ format: 'date-time' }), opens: Type.Integer(), clicks: Type.Integer() })),
  links: Type.Array(Type.Object({ idx: Type.Integer(), url: Type.String(), clicks: Type.Integer(), unique_clicks: Nullable(Type.Integer()) })),
});

/**
 * Engagement with campaign mail. The click and open links are public — the signed token
 * is their authorisation, as an unsubscribe link's is — and answer 404 for any token that does not
 * check out, counting nothing. The report and the setting are the admin's.
 */
export const engagementRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const recorder = new EngagementRecorder(deps.db, (error) => app.log.error({ err: error }, 'engagement counts not written; kept for the next flush'));
  const tracker = new EngagementTracker(deps.db, recorder, deps.now);
  // SIGTERM and tests' close: what is held in memory is written before the database closes.
  app.addHook('onClose', async () => recorder.flush());

  app.get(
    '/api/mailing/click/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'A tracked link of campaign mail: 302 to the address the send stored for it. A token that does not check out is 404 and counts nothing.',
        params: Token,
        response: { 302: Type.Null({ description: 'To the address the send stored for this link (Location)' }), ...errorReplies(400, 404) },
      },
    },
    async (request, reply) => {
      const url = await tracker.click(request.params.token);
      if (url === null) throw notFound('Link');
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302);
    },
  );

  app.get(
    '/api/mailing/open/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'The open pixel of campaign mail: a 1×1 GIF, counting an open. A token that does not check out is 404 and counts nothing.',
        params: Token,
        produces: ['image/gif'],
        response: { 200: Type.String({ format: 'binary' }), ...errorReplies(400, 404) },
      },
    },
    async (request, reply) => {
      if (!(await tracker.open(request.params.token))) throw notFound('Image');
      return gif(reply);
    },
  );

  app.get(
    '/api/crm/sendreport',
    { config: { access: ADMIN }, schema: { tags, querystring: IdQuery, response: { 200: dataOf(Report), ...errorReplies(400, 401, 403, 404) } } },
    async (request) => {
      // This instance's latest hits first, so the report includes the click the admin just tried.
      await recorder.flush();
      return { data: await sendReport(deps.db, request.query.id) };
    },
  );

  app.get(
    '/api/crm/engagementsettings',
    { config: { access: ADMIN }, schema: { tags, response: { 200: dataOf(Settings), ...errorReplies(401, 403) } } },
    async () => ({ data: await getEngagementSettings(deps.db) }),
  );

  app.post(
    '/api/crm/saveengagementsettings',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        description: 'Whether opens and clicks are recorded per member (personal information under POPIA); off by default.',
        body: Settings,
        response: { 200: dataOf(Settings), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => ({ data: await saveEngagementSettings(deps.db, request.user!, request.body, deps.now()) }),
  );
};
