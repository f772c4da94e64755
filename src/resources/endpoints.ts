import type { ResourceEndpoints } from '../providers/resourceEndpoints';
import { productsEndpoints } from './products/endpoints';
import { propertiesEndpoints } from './properties/endpoints';
import { productGroupsEndpoints } from './product-groups/endpoints';
import { membersEndpoints } from './members/endpoints';
import { userEndpoints } from './users/endpoints';
import { repsEndpoints } from './reps/endpoints';
import { ordersEndpoints } from './orders/endpoints';
import { marketingEndpoints } from './marketing/endpoints';
import { salesLeadsEndpoints } from './sales-leads/endpoints';
import { membershipQuestionsEndpoints } from './membership-questions/endpoints';
import { auditLogEndpoints } from './audit-log/endpoints';
import { mailingEndpoints } from './mailing-lists/endpoints';
import { billingEndpoints } from './billing/endpoints';
import { webhookEndpoints } from './webhooks/endpoints';
import { erasureEndpoints } from './erasure-requests/endpoints';
import { bankingEndpoints } from './banking/endpoints';
import { stockEndpoints } from './stock/endpoints';

/** Every react-admin resource's place in the API, as each resource folder declares it. */
export const resourceEndpoints: Record<string, ResourceEndpoints> = {
  ...productsEndpoints,
  ...propertiesEndpoints,
  ...productGroupsEndpoints,
  ...membersEndpoints,
  ...userEndpoints,
  ...repsEndpoints,
  ...ordersEndpoints,
  ...marketingEndpoints,
  ...salesLeadsEndpoints,
  ...membershipQuestionsEndpoints,
  ...auditLogEndpoints,
  ...mailingEndpoints,
  ...billingEndpoints,
  ...webhookEndpoints,
  ...erasureEndpoints,
  ...bankingEndpoints,
  ...stockEndpoints,
};
