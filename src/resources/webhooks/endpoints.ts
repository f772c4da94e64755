import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** The webhook endpoints and their delivery log in the API (server/modules/webhooks/routes.ts). */
export const webhookEndpoints: Record<string, ResourceEndpoints> = {
  webhooks: { list: 'api/webhooks/endpoints', one: 'api/webhooks/endpoint', save: 'api/webhooks/saveendpoint', delete: 'api/webhooks/deleteendpoint' },
  'webhook-deliveries': { list: 'api/webhooks/deliveries' },
};
