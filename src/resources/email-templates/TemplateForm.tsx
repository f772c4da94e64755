import { Box } from '@mui/material';
import { SimpleForm, TextInput, maxLength, required } from 'react-admin';
import { BodyEditor } from './BodyEditor';
import { PreviewPanel } from './PreviewPanel';

const validateName = [required(), maxLength(200)];
const validateSubject = [required(), maxLength(300)];
/** Names and subjects run in their own direction, whatever the interface's. */
const ownDirection = { htmlInput: { dir: 'auto' } };

/** What savetemplate takes: the record's other fields (updated_at, send_count) are the server's. */
export const templateFields = ({ name, subject, body }: Record<string, unknown>) => ({ name, subject, body });

/** Name, subject and body on one side, the server's preview of the mail on the other. */
export function TemplateForm() {
  return (
    <SimpleForm>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 3, width: '100%' }}>
        <Box>
          <TextInput source="name" validate={validateName} fullWidth slotProps={ownDirection} />
          <TextInput source="subject" validate={validateSubject} helperText="mailing.templates.subject_hint" fullWidth slotProps={ownDirection} />
          <BodyEditor />
        </Box>
        <PreviewPanel />
      </Box>
    </SimpleForm>
  );
}
