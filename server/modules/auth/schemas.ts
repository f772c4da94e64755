import { Type } from '@fastify/type-provider-typebox';

/** What a completed sign-in answers (POST api/auth/login, POST api/auth/2fa/verify, GET api/auth/refresh). */
export const TokenReply = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer(),
});

export const Ok = Type.Object({ ok: Type.Boolean() });
