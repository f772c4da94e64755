import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/**
 * The bank lists in the API (server/modules/banking/wire.ts): statements (one read by `ids`), their
 * lines and the rules; a rule is deleted by `api/bank/deleterule`. Imports, matches, undos and
 * ignores are the screens' own calls (calls.ts).
 */
export const bankingEndpoints: Record<string, ResourceEndpoints> = {
  'bank-statements': { list: 'api/bank/statements' },
  'bank-lines': { list: 'api/bank/lines' },
  'bank-rules': { list: 'api/bank/rules', delete: 'api/bank/deleterule' },
};
