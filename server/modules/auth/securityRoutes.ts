import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { IdBody, dataOf, errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import { Ok, TokenReply } from './schemas';
import * as auth from './service';
import { type Origin, endAllSessions, endOwnSession, listSessions } from './sessions';
import * as twoFactor from './twoFactor';

/** The address and browser of a sign-in, for the user's list of sessions. */
export function originOf(request: FastifyRequest): Origin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' };
}

const Code = Type.String({ minLength: 1, maxLength: 40 });
const Session = Type.Object({
  id: Type.String(),
  user_agent: Type.String(),
  ip: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  last_seen_at: Type.String({ format: 'date-time' }),
  current: Type.Boolean(),
});
const SecuritySettings = Type.Object({ require_two_factor_for_admins: Type.Boolean() });

/**
 * Two-factor sign-in (TOTP) and sessions: a user's own enrolment, second step and
 * sessions; the admin's reset and "end sessions" for another user; the company's rule for admins.
 */
export const securityRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const own = { access: 'signed-in', beforeTwoFactor: true } as const;

  app.get(
    '/api/auth/2fa/status',
    {
      config: own,
      schema: {
        tags: ['auth'],
        response: { 200: dataOf(Type.Object({ enabled: Type.Boolean(), required: Type.Boolean(), recovery_codes_left: Type.Integer() })), ...errorReplies(401) },
      },
    },
    async (request) => ({ data: await twoFactor.status(deps, request.user!) }),
  );

  app.post(
    '/api/auth/2fa/enrol',
    {
      config: own,
      schema: { tags: ['auth'], response: { 200: Type.Object({ secret: Type.String(), otpauth_url: Type.String() }), ...errorReplies(401, 409) } },
    },
    (request) => twoFactor.enrol(deps, request.user!),
  );

  app.post(
    '/api/auth/2fa/confirm',
    {
      config: own,
      schema: {
        tags: ['auth'],
        body: Type.Object({ code: Code }, { additionalProperties: false }),
        response: { 200: Type.Object({ recovery_codes: Type.Array(Type.String()) }), ...errorReplies(400, 401, 409) },
      },
    },
    (request) => twoFactor.confirm(deps, request.user!, request.body.code),
  );

  app.post(
    '/api/auth/2fa/disable',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        body: Type.Object({ code: Code }, { additionalProperties: false }),
        response: { 200: Ok, ...errorReplies(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      await twoFactor.disable(deps, request.user!, request.body.code, request.ip);
      return { ok: true };
    },
  );

  app.post(
    '/api/auth/2fa/verify',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: Type.Object({ challenge: Type.String({ minLength: 1, maxLength: 200 }), code: Code }, { additionalProperties: false }),
        response: { 200: TokenReply, ...errorReplies(400, 401, 429) },
      },
    },
    (request) => auth.verifySecondStep(deps, request.body.challenge, request.body.code, originOf(request)),
  );

  app.get(
    '/api/auth/sessions',
    { config: own, schema: { tags: ['auth'], response: { 200: Type.Object({ data: Type.Array(Session) }), ...errorReplies(401) } } },
    async (request) => ({ data: await listSessions(deps.db, request.user!, deps.now()) }),
  );

  app.post(
    '/api/auth/sessions/end',
    {
      config: own,
      schema: {
        tags: ['auth'],
        body: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
        response: { 200: Ok, ...errorReplies(400, 401, 404) },
      },
    },
    async (request) => {
      await endOwnSession(deps, request.user!, request.body.id);
      return { ok: true };
    },
  );

  app.post(
    '/api/admin/resettwofactor',
    { config: { access: ['admin'] }, schema: { tags: ['admin'], body: IdBody, response: { 200: Ok, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => {
      await twoFactor.adminReset(deps, request.user!, request.body.id);
      return { ok: true };
    },
  );

  app.post(
    '/api/admin/endsessions',
    { config: { access: ['admin'] }, schema: { tags: ['admin'], body: IdBody, response: { 200: Ok, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => {
      await endAllSessions(deps, request.user!, request.body.id);
      return { ok: true };
    },
  );

  app.get(
    '/api/admin/securitysettings',
    { config: { access: ['admin'] }, schema: { tags: ['admin'], response: { 200: dataOf(SecuritySettings), ...errorReplies(401, 403) } } },
    async () => ({ data: { require_two_factor_for_admins: await twoFactor.requiredForAdmins(deps) } }),
  );

  app.post(
    '/api/admin/savesecuritysettings',
    {
      config: { access: ['admin'] },
      schema: { tags: ['admin'], body: Type.Object({ require_two_factor_for_admins: Type.Boolean() }, { additionalProperties: false }), response: { 200: dataOf(SecuritySettings), ...errorReplies(400, 401, 403, 409) } },
    },
    async (request) => ({ data: await twoFactor.saveSecuritySettings(deps, request.user!, request.body.require_two_factor_for_admins) }),
  );
};
