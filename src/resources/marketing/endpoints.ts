import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** Where this folder's resources live in the API. */
export const marketingEndpoints: Record<string, ResourceEndpoints> = {
  marketing: { list: 'api/crm/banners', save: 'api/crm/savebanner', delete: 'api/crm/deletebanner', multipart: true },
};
