import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** Where this folder's resources live in the API. */
export const salesLeadsEndpoints: Record<string, ResourceEndpoints> = {
  'sales-leads': { list: 'api/crm/salesleads', one: 'api/crm/lead', save: 'api/crm/savelead', delete: 'api/crm/deletelead' },
};
