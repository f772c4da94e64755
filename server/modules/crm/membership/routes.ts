import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import type { RoleName } from '../../../auth/roles';
import { branches } from '../../../db/schema';
import { IdBody, IdReply, dataOf, errorReplies, listOf } from '../../../http/schemas';
import type { ModuleDeps } from '../../deps';
import { LeadReply, RejectLeadBody } from '../leads/schemas';
import { getLead } from '../leads/service';
import { addMember, approveLead, rejectLead, sendReminder } from './approval';
import { completionData, finaliseMembership } from './completion';
import { MAX_IMPORT_BYTES, importMembers } from './import';
import { deleteQuestion, listQuestions, saveQuestion } from './questions';
import {
  AddMemberBody,
  AuthMembershipBody,
  ClientIdReply,
  CompletionData,
  FinaliseBody,
  FinaliseReply,
  ImportBody,
  ImportReply,
  Question,
  QuestionInputBody,
  QuestionListQuery,
  RegistrationOptions,
  ReminderBody,
  TokenParams,
} from './schemas';

const ADMIN: RoleName[] = ['admin'];
const tags = ['crm'];

/**
 * The membership flow: approval (`crm/auth_membership`), a direct member
 * (`crm/add_member`), rejection, the emailed completion link and its re-send, the public
 * completion (`crm/completion_data/{token}`, `crm/finalise_membership`), the questions, and the
 * CSV import. Public calls: registration_options, completion_data and finalise_membership.
 */
export const membershipRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post(
    '/api/crm/auth_membership',
    { config: { access: ADMIN }, schema: { tags, body: AuthMembershipBody, response: { 200: ClientIdReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await approveLead(deps, request.user!, request.body.lead_id) }),
  );

  app.post(
    '/api/crm/reject_lead',
    { config: { access: ADMIN }, schema: { tags, body: RejectLeadBody, response: { 200: LeadReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => {
      await rejectLead(deps, request.user!, request.body.id, request.body.reason);
      return { data: await getLead(db, request.body.id) };
    },
  );

  app.post(
    '/api/crm/add_member',
    { config: { access: ADMIN }, schema: { tags, body: AddMemberBody, response: { 201: ClientIdReply, ...errorReplies(400, 401, 403, 409) } } },
    async (request, reply) => {
      const body = request.body;
      const data = await addMember(deps, request.user!, {
        type: body.type,
        name: body.name.trim(),
        contact_name: body.contact_name?.trim() ?? '',
        email: body.email.trim(),
        phone: body.phone?.trim() ?? '',
        branch_id: body.branch_id ?? null,
        locale: body.locale ?? null,
      });
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/api/crm/send_membership_reminder',
    { config: { access: ADMIN }, schema: { tags, body: ReminderBody, response: { 200: ClientIdReply, ...errorReplies(400, 401, 403, 404, 409) } } },
    async (request) => ({ data: await sendReminder(deps, request.user!, request.body.client_id) }),
  );

  app.get(
    '/api/crm/completion_data/:token',
    { config: { access: 'public' }, schema: { tags, params: TokenParams, response: { 200: CompletionData, ...errorReplies(400, 404) } } },
    async (request) => ({ data: await completionData(db, request.params.token, deps.now()) }),
  );

  app.post(
    '/api/crm/finalise_membership',
    { config: { access: 'public' }, schema: { tags, body: FinaliseBody, response: { 200: FinaliseReply, ...errorReplies(400, 404, 409) } } },
    async (request) => ({ data: await finaliseMembership(deps, request.body) }),
  );

  app.get(
    '/api/crm/registration_options',
    { config: { access: 'public' }, schema: { tags, response: { 200: RegistrationOptions } } },
    async () => ({
      data: {
        branches: await db.select({ id: branches.id, name: branches.name, default_branch: branches.defaultBranch }).from(branches).orderBy(asc(branches.id)),
      },
    }),
  );

  app.get(
    '/api/crm/questions',
    { config: { access: ADMIN }, schema: { tags, querystring: QuestionListQuery, response: { 200: listOf(Question), ...errorReplies(400, 401, 403) } } },
    (request) => listQuestions(deps.reads(request), request.query),
  );

  app.post(
    '/api/crm/savequestion',
    {
      config: { access: ADMIN },
      schema: { tags, body: QuestionInputBody, response: { 200: dataOf(Question), 201: dataOf(Question), ...errorReplies(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { question, created } = await saveQuestion(db, request.user!, request.body, deps.now());
      return reply.status(created ? 201 : 200).send({ data: question });
    },
  );

  app.post(
    '/api/crm/deletequestion',
    { config: { access: ADMIN }, schema: { tags, body: IdBody, response: { 200: IdReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => {
      await deleteQuestion(db, request.user!, request.body.id);
      return { data: { id: request.body.id } };
    },
  );

  app.post(
    '/api/crm/import_members',
    {
      config: { access: ADMIN },
      // Room for a 1 MB file escaped into JSON; the service answers 413 naming csv past 1 MB of CSV.
      bodyLimit: 3 * MAX_IMPORT_BYTES,
      schema: { tags, body: ImportBody, response: { 200: ImportReply, ...errorReplies(400, 401, 403, 409, 413) } },
    },
    async (request) => ({ data: await importMembers(deps, request.user!, request.body.csv, request.body.commit ?? false) }),
  );
};
