import Inventory2Icon from '@mui/icons-material/Inventory2';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** Products: every role reads them at its own price; only the admin creates, edits and deletes. */
export const products: ResourceProps = {
  name: 'products',
  list: lazyScreen(() => import('./ProductList')),
  create: lazyScreen(() => import('./ProductCreate')),
  edit: lazyScreen(() => import('./ProductEdit')),
  icon: Inventory2Icon,
  recordRepresentation: 'name',
};
