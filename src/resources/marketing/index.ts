import CampaignIcon from '@mui/icons-material/Campaign';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** Marketing banners at /marketing, the admin's (api/crm/banners). */
export const marketing: ResourceProps = {
  name: 'marketing',
  list: lazyScreen(() => import('./BannerList')),
  create: lazyScreen(() => import('./BannerCreate')),
  edit: lazyScreen(() => import('./BannerEdit')),
  icon: CampaignIcon,
  recordRepresentation: 'title',
};
