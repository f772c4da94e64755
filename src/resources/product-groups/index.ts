import CategoryIcon from '@mui/icons-material/Category';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/**
 * Product groups. No `edit` or `create` route on purpose: `/product-groups/{groupid}` is the
 * group's own screen (page key `product_group`, GroupScreen.tsx), and a custom route at that path
 * outranks the resource's `/product-groups/*` — so the list creates a group in a dialog.
 */
export const productGroups: ResourceProps = {
  name: 'product-groups',
  list: lazyScreen(() => import('./GroupList')),
  icon: CategoryIcon,
  recordRepresentation: 'name',
};
