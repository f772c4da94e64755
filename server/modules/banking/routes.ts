import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RoleName } from '../../auth/roles';
import { IdBody, IdReply, errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import * as wire from './wire';
import { importStatement, readStatementUpload, statementFormLimits } from './importStatement';
import { ignoreLine, listLines, listStatements, matchLine, unmatchLine } from './lines';
import { deleteRule, listRules, saveRule } from './rules';

/**
 * Bank statements and their reconciliation: admins only. Bank lines name clients and amounts of
 * every customer, so no other role sees them; members pay through billing.
 */
const ADMIN: RoleName[] = ['admin'];
const tags = ['banking'];

export const bankingRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;
  await app.register(multipart, { limits: statementFormLimits });

  app.post(
    '/api/bank/import',
    {
      config: { access: ADMIN, documentedBody: wire.ImportForm },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'multipart/form-data with the bank’s statement export in `file` (at most 10 MB). Lines imported before are skipped; matched lines are recorded as payments.',
        response: { 201: wire.ImportResult, ...errorReplies(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => {
      const upload = await readStatementUpload(request);
      return reply.status(201).send({ data: await importStatement(db, request.user!, upload, deps.now()) });
    },
  );
  app.get(
    '/api/bank/statements',
    { config: { access: ADMIN }, schema: { tags, querystring: wire.StatementListQuery, response: { 200: wire.StatementList, ...errorReplies(400, 401, 403) } } },
    (request) => listStatements(db, request.query),
  );
  app.get(
    '/api/bank/lines',
    { config: { access: ADMIN }, schema: { tags, querystring: wire.LineListQuery, response: { 200: wire.LineList, ...errorReplies(400, 401, 403) } } },
    (request) => listLines(db, request.query),
  );
  app.post(
    '/api/bank/match',
    { config: { access: ADMIN }, schema: { tags, body: wire.MatchInput, response: { 200: wire.LineReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await matchLine(db, request.user!, request.body, deps.now()) }),
  );
  app.post(
    '/api/bank/unmatch',
    { config: { access: ADMIN }, schema: { tags, body: wire.LineIdInput, response: { 200: wire.LineReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await unmatchLine(db, request.user!, request.body.line_id, deps.now()) }),
  );
  app.post(
    '/api/bank/ignore',
    { config: { access: ADMIN }, schema: { tags, body: wire.IgnoreInput, response: { 200: wire.LineReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await ignoreLine(db, request.user!, request.body.line_id, request.body.reason) }),
  );
  app.get('/api/bank/rules', { config: { access: ADMIN }, schema: { tags, response: { 200: wire.RuleList, ...errorReplies(401, 403) } } }, () => listRules(db));
  app.post(
    '/api/bank/saverule',
    { config: { access: ADMIN }, schema: { tags, body: wire.SaveRuleInput, response: { 201: wire.RuleReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request, reply) => reply.status(201).send({ data: await saveRule(db, request.user!, request.body) }),
  );
  app.post(
    '/api/bank/deleterule',
    { config: { access: ADMIN }, schema: { tags, body: IdBody, response: { 200: IdReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await deleteRule(db, request.user!, request.body.id) }),
  );
};
