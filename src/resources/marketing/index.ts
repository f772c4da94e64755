import CampaignIcon from '@mui/icons-material/Campaign';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** Marketing banners at /marketing (SPEC §2), the admin's (api/crm/banners, DESIGN §4). */
export const marketing: ResourceProps = {
  name: 'marketing',
  list: lazyScreen(() => import('./BannerList')),
  create: lazyScreen(() => import('./BannerCreate')),
  edit: lazyScreen(() => import('./BannerEdit')),
  icon: CampaignIcon,
  recordRepresentation: 'title',
};
