import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** The erasure requests in the API (server/modules/privacy/routes.ts); decisions are calls of their own (privacy/calls.ts). */
export const erasureEndpoints: Record<string, ResourceEndpoints> = {
  'erasure-requests': { list: 'api/privacy/erasurerequests' },
};
