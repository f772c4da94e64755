import { Box } from '@mui/material';
import { Edit } from 'react-admin';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { useRouteRecordId } from '../shared/useRouteRecordId';
import { PastSends } from '../mailing-lists/PastSends';
import { TemplateForm, templateFields } from './TemplateForm';

/** Pessimistic: a refused save (a name already taken) shows on the form instead of being undone later. */
export default function TemplateEdit() {
  usePortalTitle('email_templates');
  const id = useRouteRecordId();
  return (
    <>
      <Edit id={id} mutationMode="pessimistic" redirect={false} transform={templateFields}>
        <TemplateForm />
      </Edit>
      {id !== undefined && (
        <Box sx={{ my: 2 }}>
          <PastSends filter={{ template_id: id }} show="list" />
        </Box>
      )}
    </>
  );
}
