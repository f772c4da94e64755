import GroupIcon from '@mui/icons-material/Group';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** /members: the company's list of clients (api/clients/*); each opens at /clients/view/{id}. */
export const members: ResourceProps = {
  name: 'members',
  list: lazyScreen(() => import('./MemberList'), { firstScreen: true }),
  edit: lazyScreen(() => import('./MemberEdit')),
  create: lazyScreen(() => import('./MemberCreate')),
  icon: GroupIcon,
  recordRepresentation: 'name',
};
