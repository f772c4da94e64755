import { Create } from 'react-admin';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { TemplateForm, templateFields } from './TemplateForm';

export default function TemplateCreate() {
  usePortalTitle('email_templates');
  return (
    <Create redirect="edit" transform={templateFields}>
      <TemplateForm />
    </Create>
  );
}
