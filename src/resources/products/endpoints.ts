import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** Where this folder's resources live in the API. */
export const productsEndpoints: Record<string, ResourceEndpoints> = {
  products: { list: 'api/products/all', one: 'api/products/product', save: 'api/products/save', delete: 'api/products/delete' },
};
