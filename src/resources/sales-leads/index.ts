import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** /sales-leads: the leads pipeline (api/crm/salesleads, savelead, deletelead, movelead). */
export const salesLeads: ResourceProps = {
  name: 'sales-leads',
  list: lazyScreen(() => import('./LeadList')),
  create: lazyScreen(() => import('./LeadCreate')),
  edit: lazyScreen(() => import('./LeadEdit')),
  icon: ViewKanbanIcon,
  recordRepresentation: 'name',
};
