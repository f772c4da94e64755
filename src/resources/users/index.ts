import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** /users: company users (api/admin/companyusers, createuser, updateuser, deleteuser) and branches. */
export const users: ResourceProps = {
  name: 'users',
  list: lazyScreen(() => import('./UserList')),
  edit: lazyScreen(() => import('./UserEdit')),
  create: lazyScreen(() => import('./UserCreate')),
  icon: ManageAccountsIcon,
  recordRepresentation: 'name',
};
