import EmailIcon from '@mui/icons-material/Email';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/**
 * /email-templates (api/crm/emailtemplates). Create and edit carry the rich editor, so
 * tiptap is in their chunks only.
 */
export const emailTemplates: ResourceProps = {
  name: 'email-templates',
  list: lazyScreen(() => import('./TemplateList')),
  create: lazyScreen(() => import('./TemplateCreate')),
  edit: lazyScreen(() => import('./TemplateEdit')),
  icon: EmailIcon,
  recordRepresentation: 'name',
};
