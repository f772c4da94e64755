import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** Where this folder's resources live in the API. */
export const productGroupsEndpoints: Record<string, ResourceEndpoints> = {
  'product-groups': { list: 'api/products/groups', one: 'api/products/group', save: 'api/products/savegroup', delete: 'api/products/deletegroup' },
};
