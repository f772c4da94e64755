import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** /erasure-requests (api/privacy/*): the members' erasure requests, approved or declined by the admin. */
export const erasureRequests: ResourceProps = {
  name: 'erasure-requests',
  list: lazyScreen(() => import('./ErasureRequestList')),
  icon: PersonRemoveIcon,
};
