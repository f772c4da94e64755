import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleDeps } from '../deps';
import { bannerRoutes } from './banners/routes';
import { leadRoutes } from './leads/routes';
import { membershipRoutes } from './membership/routes';
import { mailingRoutes } from './mailing/routes';
import { engagementRoutes } from './engagement/routes';

/**
 * The `api/crm/*` calls: one plugin per part, each in its own folder with its own routes, schemas and
 * service (banners now; leads, templates and mailing lists join here).
 */
export const crmRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  await app.register(bannerRoutes, { deps });
  await app.register(leadRoutes, { deps });
  await app.register(membershipRoutes, { deps });
  await app.register(mailingRoutes, { deps });
  await app.register(engagementRoutes, { deps });
};
