import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEMO_PASSWORD, demoAccounts } from '../../db/seed/demo';
import { dataOf } from '../../http/schemas';

/**
 * Lets the sign-in page offer the demo accounts. Outside demo mode (production) the list is
 * empty, so no password is ever published by a real installation.
 */
export const demoRoutes: FastifyPluginAsyncTypebox<{ enabled: boolean }> = async (app, { enabled }) => {
  app.get(
    '/api/auth/demo-accounts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        response: {
          200: dataOf(
            Type.Object({
              password: Type.String(),
              accounts: Type.Array(Type.Object({ email: Type.String(), role: Type.String() })),
            }),
          ),
        },
      },
    },
    async () => ({
      data: enabled
        ? { password: DEMO_PASSWORD, accounts: demoAccounts.map(({ email, role }) => ({ email, role })) }
        : { password: '', accounts: [] },
    }),
  );
};
