import type { ResourceEndpoints } from '../../providers/resourceEndpoints';

/** Where this folder's resources live in the API. */
export const membershipQuestionsEndpoints: Record<string, ResourceEndpoints> = {
  'membership-questions': { list: 'api/crm/questions', save: 'api/crm/savequestion', delete: 'api/crm/deletequestion' },
};
