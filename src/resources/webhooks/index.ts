import WebhookIcon from '@mui/icons-material/Webhook';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** /webhooks (api/webhooks/*): the admin's outgoing webhook endpoints and their delivery log. */
export const webhooks: ResourceProps = {
  name: 'webhooks',
  list: lazyScreen(() => import('./WebhookList')),
  create: lazyScreen(() => import('./WebhookCreate')),
  edit: lazyScreen(() => import('./WebhookEdit')),
  icon: WebhookIcon,
  recordRepresentation: 'url',
};
