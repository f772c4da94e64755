import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** Where this folder's resources live in the API. */
export const propertiesEndpoints: Record<string, ResourceEndpoints> = {
  properties: { list: 'api/products/properties', one: 'api/products/property', save: 'api/products/saveproperty', delete: 'api/products/deleteproperty' },
};
