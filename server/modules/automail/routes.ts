import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { memberRoles, type RoleName } from '../../auth/roles';
import { dataOf, errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import {
  KindList,
  KindLocaleBody,
  Preferences,
  PreferencesReply,
  PreviewReply,
  SaveTemplateBody,
  SwitchBody,
  SwitchReply,
  TemplateQuery,
  TemplateReply,
} from './schemas';
import * as service from './service';

const admin: RoleName[] = ['admin'];
const members: RoleName[] = [...memberRoles];
const tags = ['automail'];

/**
 * Automatic mail: the admin's switches and wording per kind and language (with a
 * preview), and each member's own choice of notices. The mails themselves are queued by the
 * events (server/modules/automail/events.ts), not by these routes.
 */
export const automailRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  app.get(
    '/api/automail/kinds',
    { config: { access: admin }, schema: { tags, response: { 200: KindList, ...errorReplies(401, 403) } } },
    async () => ({ data: await service.listKinds(deps.db) }),
  );

  app.get(
    '/api/automail/template',
    { config: { access: admin }, schema: { tags, querystring: TemplateQuery, response: { 200: TemplateReply, ...errorReplies(400, 401, 403) } } },
    async (request) => ({ data: await service.getTemplate(deps.db, request.query.kind, request.query.locale) }),
  );

  app.post(
    '/api/automail/savetemplate',
    { config: { access: admin }, schema: { tags, body: SaveTemplateBody, response: { 200: TemplateReply, ...errorReplies(400, 401, 403) } } },
    async (request) => ({ data: await service.saveTemplate(deps.db, request.user!, request.body, deps.now()) }),
  );

  app.post(
    '/api/automail/resettemplate',
    { config: { access: admin }, schema: { tags, body: KindLocaleBody, response: { 200: TemplateReply, ...errorReplies(400, 401, 403) } } },
    async (request) => ({ data: await service.resetTemplate(deps.db, request.user!, request.body.kind, request.body.locale) }),
  );

  app.post(
    '/api/automail/setenabled',
    { config: { access: admin }, schema: { tags, body: SwitchBody, response: { 200: SwitchReply, ...errorReplies(400, 401, 403) } } },
    async (request) => ({ data: await service.setEnabled(deps.db, request.user!, request.body.kind, request.body.enabled, deps.now()) }),
  );

  app.post(
    '/api/automail/preview',
    { config: { access: admin }, schema: { tags, body: SaveTemplateBody, response: { 200: PreviewReply, ...errorReplies(400, 401, 403) } } },
    async (request) => ({ data: service.previewTemplate(request.body, deps.publicUrl) }),
  );

  app.get(
    '/api/automail/preferences',
    { config: { access: members }, schema: { tags, response: { 200: PreferencesReply, ...errorReplies(401, 403, 404) } } },
    async (request) => ({ data: await service.getPreferences(deps.db, request.user!) }),
  );

  app.post(
    '/api/automail/savepreferences',
    { config: { access: members }, schema: { tags, body: Preferences, response: { 200: dataOf(Preferences), ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await service.savePreferences(deps.db, request.user!, request.body, deps.now()) }),
  );
};
