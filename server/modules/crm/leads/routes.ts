import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RoleName } from '../../../auth/roles';
import { bearerToken, userForToken } from '../../../http/authentication';
import { badRequest, forbidden, unauthorized } from '../../../http/errors';
import { IdBody, IdQuery, IdReply, errorReplies } from '../../../http/schemas';
import type { ModuleDeps } from '../../deps';
import { register } from './register';
import { LeadList, LeadListQuery, LeadReply, LeadSaveBody, MoveLeadBody, ReceivedReply } from './schemas';
import * as service from './service';

const ADMIN: RoleName[] = ['admin'];
const tags = ['crm'];

/**
 * Sales leads and member requests (the calls `crm/salesleads`, `crm/savelead`,
 * `crm/deletelead`; the additions `crm/lead`, `crm/movelead`). Only admins read or change them;
 * the one public call is savelead without a token: the /register form.
 */
export const leadRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get(
    '/api/crm/salesleads',
    { config: { access: ADMIN }, schema: { tags, querystring: LeadListQuery, response: { 200: LeadList, ...errorReplies(400, 401, 403) } } },
    (request) => service.listLeads(deps.reads(request), request.query, deps.now()),
  );

  app.get(
    '/api/crm/lead',
    { config: { access: ADMIN }, schema: { tags, querystring: IdQuery, response: { 200: LeadReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await service.getLead(db, request.query.id) }),
  );

  // Public without a token (a registration, throttled per address); with one, the admin's save.
  app.post(
    '/api/crm/savelead',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'Without a token: the public registration {name, contact_name, email, phone, client_type, branch_id?, company?, message?, locale?, marketing_consent?} -> 201 {data: {received: true}}. With an admin token: create (no id) or update a lead -> {data: Lead}.',
        body: LeadSaveBody,
        response: { 200: LeadReply, 201: Type.Union([LeadReply, ReceivedReply]), ...errorReplies(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token) {
        await register(deps, request.body, request.ip);
        return reply.status(201).send({ data: { received: true } });
      }
      const user = await userForToken(db, deps.tokens, token);
      if (!user) throw unauthorized('Your session has ended; sign in again');
      if (user.role !== 'admin') throw forbidden();
      // An admin records a lead's consent with a note (privacy/recordconsent), never as a lead field.
      if (request.body.marketing_consent !== undefined) throw badRequest('marketing_consent', 'marketing_consent is the registration form\'s; record a consent on the lead page');
      const { lead, created } = await service.saveLead(db, user, request.body, deps.now());
      return reply.status(created ? 201 : 200).send({ data: lead });
    },
  );

  app.post(
    '/api/crm/movelead',
    { config: { access: ADMIN }, schema: { tags, body: MoveLeadBody, response: { 200: LeadReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await service.moveLead(db, request.user!, request.body.id, request.body.status, deps.now()) }),
  );

  app.post(
    '/api/crm/deletelead',
    { config: { access: ADMIN }, schema: { tags, body: IdBody, response: { 200: IdReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => {
      await service.deleteLead(db, request.user!, request.body.id);
      return { data: { id: request.body.id } };
    },
  );
};
