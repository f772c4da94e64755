import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MIN_PASSWORD_LENGTH } from '../../auth/passwords';
import { bearerToken, userForToken } from '../../http/authentication';
import { Email, dataOf, errorReplies } from '../../http/schemas';
import * as auth from './service';
import { Ok, TokenReply } from './schemas';
import { originOf, securityRoutes } from './securityRoutes';


const CoreReply = dataOf(
  Type.Object({
    user: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      email: Type.String(),
      role: Type.Object({ id: Type.Integer(), role_name: Type.String(), display_name: Type.String() }),
      client: Type.Union([Type.Object({ id: Type.Integer() }), Type.Null()]),
      /** Whether two-factor is on, and whether this user must set it up before anything else. */
      two_factor: Type.Object({ enabled: Type.Boolean(), enrolment_required: Type.Boolean() }),
    }),
    branch_config: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), default_branch: Type.Boolean() })),
  }),
);


export const authRoutes: FastifyPluginAsyncTypebox<{ deps: auth.AuthDeps }> = async (app, { deps }) => {
  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Type.String({ minLength: 1, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 1024 }) }),
        // With two-factor on, no token: a challenge for POST api/auth/2fa/verify.
        response: { 200: Type.Union([TokenReply, Type.Object({ two_factor_required: Type.Literal(true), challenge: Type.String() })]), ...errorReplies(400, 401, 429) },
      },
    },
    (request) => auth.login(deps, request.body.email, request.body.password, originOf(request)),
  );

  // Public on purpose: it answers `authenticated: false` instead of 401 for a missing or dead token.
  app.get(
    '/api/auth/check',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: Type.Object({ authenticated: Type.Boolean() }) } } },
    async (request) => ({ authenticated: (await userForToken(deps.db, deps.tokens, bearerToken(request))) !== null }),
  );

  app.get(
    '/api/auth/refresh',
    { config: { access: 'signed-in', beforeTwoFactor: true }, schema: { tags: ['auth'], response: { 200: TokenReply, ...errorReplies(401) } } },
    (request) => auth.refresh(deps, request.user!, originOf(request)),
  );

  app.get(
    '/api/auth/core',
    { config: { access: 'signed-in', beforeTwoFactor: true }, schema: { tags: ['auth'], response: { 200: CoreReply, ...errorReplies(401) } } },
    async (request) => ({ data: await auth.core(deps, request.user!) }),
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'signed-in', beforeTwoFactor: true }, schema: { tags: ['auth'], response: { 200: Ok, ...errorReplies(401) } } },
    async (request) => {
      await auth.logout(deps, request.user!);
      return { ok: true };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: Type.Object({ email: Email }), response: { 200: Ok, ...errorReplies(400) } },
    },
    async (request) => {
      try {
        await auth.forgotPassword(deps, request.body.email, request.headers['accept-language']);
      } catch (error) {
        // The answer never depends on whether the mail went out (or the email exists); the failure is logged.
        request.log.error({ err: error }, 'password reset mail failed');
      }
      return { ok: true };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: Type.Object({
          token: Type.String({ minLength: 1, maxLength: 200 }),
          password: Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: 1024 }),
        }),
        response: { 200: Ok, ...errorReplies(400) },
      },
    },
    async (request) => {
      await auth.resetPassword(deps, request.body.token, request.body.password);
      return { ok: true };
    },
  );

  await app.register(securityRoutes, { deps });
};
