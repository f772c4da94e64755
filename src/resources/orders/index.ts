import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** /orders: the branch's orders (api/orders/*); an order opens at /orders/view/order/{id}. */
export const orders: ResourceProps = {
  name: 'orders',
  list: lazyScreen(() => import('./OrderList')),
  icon: ReceiptLongIcon,
  recordRepresentation: 'reference',
};
