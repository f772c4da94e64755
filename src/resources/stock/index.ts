import Inventory2Icon from '@mui/icons-material/Inventory2';
import HistoryIcon from '@mui/icons-material/History';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** /stock (admins and production): the levels per branch and the "Adjust / count" dialog. */
export const stock: ResourceProps = {
  name: 'stock',
  list: lazyScreen(() => import('./StockList')),
  icon: Inventory2Icon,
  recordRepresentation: 'product_name',
};

/** /stock-movements: every change of stock, with its kind, reason, who and when. */
export const stockMovements: ResourceProps = {
  name: 'stock-movements',
  list: lazyScreen(() => import('./MovementList')),
  icon: HistoryIcon,
};
