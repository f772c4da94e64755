import HistoryIcon from '@mui/icons-material/History';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** /audit-log (api/admin/auditlog): the admin's view of who changed what and when. */
export const auditLog: ResourceProps = {
  name: 'audit-log',
  list: lazyScreen(() => import('./AuditLogList')),
  icon: HistoryIcon,
};
