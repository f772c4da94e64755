import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RoleName } from '../../auth/roles';
import { errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import { consentHistory, recordByAdmin, setOwnConsent, subjectOf } from './consents';
import { getOfficer, saveOfficer } from './officer';
import { AdminConsentBody, ConsentHistoryReply, ConsentSubjectQuery, OfficerBody, OfficerReply, OwnConsentBody } from './schemas';

const ADMIN: RoleName[] = ['admin'];
const MEMBERS: RoleName[] = ['stockist', 'individual'];
const tags = ['privacy'];

/**
 * POPIA: consents to direct marketing and the information officer. The history is the
 * admin's, and a member's of its own client; the officer is public (the privacy page names them).
 */
export const consentRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get(
    '/api/privacy/consents',
    { config: { access: [...ADMIN, ...MEMBERS] }, schema: { tags, querystring: ConsentSubjectQuery, response: { 200: ConsentHistoryReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await consentHistory(db, request.user!, subjectOf(request.query)) }),
  );

  app.post(
    '/api/privacy/myconsent',
    { config: { access: MEMBERS }, schema: { tags, body: OwnConsentBody, response: { 200: ConsentHistoryReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await setOwnConsent(db, request.user!, request.body, request.ip, deps.now()) }),
  );

  app.post(
    '/api/privacy/recordconsent',
    { config: { access: ADMIN }, schema: { tags, body: AdminConsentBody, response: { 200: ConsentHistoryReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => ({ data: await recordByAdmin(db, request.user!, request.body, deps.now()) }),
  );

  app.get(
    '/api/privacy/officer',
    { config: { access: 'public' }, schema: { tags, response: { 200: OfficerReply } } },
    async () => ({ data: await getOfficer(db) }),
  );

  app.post(
    '/api/privacy/saveofficer',
    { config: { access: ADMIN }, schema: { tags, body: OfficerBody, response: { 200: OfficerReply, ...errorReplies(400, 401, 403) } } },
    async (request) => ({ data: await saveOfficer(db, request.user!, request.body, deps.now()) }),
  );
};
