import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RoleName } from '../../auth/roles';
import { errorReplies } from '../../http/schemas';
import type { ModuleDeps } from '../deps';
import { courierWebhookRoutes } from './webhook';
import { TrackingTemplatesInput, TrackingTemplatesReply } from './schemas';
import { listTemplates, saveTemplates } from './templates';

const ADMIN: RoleName[] = ['admin'];
const tags = ['courier'];

/**
 * Courier tracking: the couriers' signed events (public: a courier has no session, so the HMAC
 * with COURIER_WEBHOOK_SECRET is the only trust, verified by the same code as the bounce webhook's)
 * and the admin's tracking link templates (company settings). Orders show the events
 * (orders/service.ts reads tracking.ts).
 */
export const courierRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;

  // Its own plugin: the raw bodies its signature needs are kept for its route only.
  await app.register(courierWebhookRoutes, { deps });

  app.get(
    '/api/courier/templates',
    { config: { access: ADMIN, changesWith: { tables: ['courier_tracking_templates'] } }, schema: { tags, response: { 200: TrackingTemplatesReply, ...errorReplies(401, 403) } } },
    async () => ({ data: await listTemplates(db) }),
  );

  app.post(
    '/api/courier/savetemplates',
    { config: { access: ADMIN }, schema: { tags, body: TrackingTemplatesInput, response: { 200: TrackingTemplatesReply, ...errorReplies(400, 401, 403) } } },
    async (request) => ({ data: await saveTemplates(db, request.user!, request.body.templates, deps.now()) }),
  );
};
