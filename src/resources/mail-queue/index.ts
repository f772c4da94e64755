import OutboxIcon from '@mui/icons-material/Outbox';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** /mail-queue (api/crm/mailqueue): the admin's view of all mail waiting, sent and failed. */
export const mailQueue: ResourceProps = {
  name: 'mail-queue',
  list: lazyScreen(() => import('./MailQueueList')),
  icon: OutboxIcon,
};
