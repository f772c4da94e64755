import BadgeIcon from '@mui/icons-material/Badge';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** /reps: the company's reps (api/admin/repusers); each opens at /reps/view/{id}. */
export const reps: ResourceProps = {
  name: 'reps',
  list: lazyScreen(() => import('./RepList')),
  icon: BadgeIcon,
  recordRepresentation: 'name',
};
