import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** Where this folder's resources live in the API. */
export const auditLogEndpoints: Record<string, ResourceEndpoints> = {
  'audit-log': { list: 'api/admin/auditlog' },
};
