import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** Where this folder's resources live in the API. */
export const userEndpoints: Record<string, ResourceEndpoints> = {
  users: { list: 'api/admin/companyusers', create: 'api/admin/createuser', update: 'api/admin/updateuser', delete: 'api/admin/deleteuser' },
  clientusers: { list: 'api/admin/clientusers', create: 'api/admin/createclientuser', update: 'api/admin/updateuser', delete: 'api/admin/deleteuser' },
  roles: { list: 'api/admin/roles' },
  branches: { list: 'api/admin/branches', save: 'api/admin/savebranch', delete: 'api/admin/deletebranch' },
};
