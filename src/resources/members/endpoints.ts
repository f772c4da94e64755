import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** Where this folder's resources live in the API. */
export const membersEndpoints: Record<string, ResourceEndpoints> = {
  members: { list: 'api/clients/all', one: 'api/clients/client', save: 'api/clients/save', delete: 'api/clients/delete' },
};
