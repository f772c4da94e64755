import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** The stock lists in the API (server/modules/stock/wire.ts); an adjustment is the dialog's own call (calls.ts). */
export const stockEndpoints: Record<string, ResourceEndpoints> = {
  stock: { list: 'api/stock/levels' },
  'stock-movements': { list: 'api/stock/movements' },
};
