import ListAltIcon from '@mui/icons-material/ListAlt';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/**
 * /mailing-lists (api/crm/mailinglists). No edit or create route: `/mailing-lists/{id}`
 * is the list's own screen (page key `mailing_list`, MailingListScreen.tsx), and the list creates
 * a list in a dialog.
 */
export const mailingLists: ResourceProps = {
  name: 'mailing-lists',
  list: lazyScreen(() => import('./MailingListList')),
  icon: ListAltIcon,
  recordRepresentation: 'name',
};
