import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** Where this folder's resources live in the API. */
export const repsEndpoints: Record<string, ResourceEndpoints> = {
  repusers: { list: 'api/admin/repusers' },
  reps: { list: 'api/admin/repusers' },
};
