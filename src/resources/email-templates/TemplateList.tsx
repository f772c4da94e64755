import {
  BulkDeleteButton,
  CreateButton,
  DeleteWithConfirmButton,
  ExportButton,
  List,
  NumberField,
  SearchInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { DateField } from '../shared/DateField';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { PageHeading } from '../shared/PageHeading';
import { useFailureNotice } from '../shared/failureNotice';
import { ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const IN_USE = 'mailing.templates.in_use';

/** On a phone: the template, its subject under it. */
const phoneRow: PhoneRow = {
  primaryText: (template) => template.name,
  secondaryText: (template) => template.subject,
};

/** /email-templates: every template, searched and sorted by the server; export; delete after a confirmation. */
export default function TemplateList() {
  const title = usePortalTitle('email_templates');
  const failed = useFailureNotice();
  // A template a running send is using cannot go (409): say so plainly.
  const onError = { onError: (error: unknown) => failed(error, IN_USE) };
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List
        title={title}
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        actions={
          <TopToolbar>
            <CreateButton />
            <ExportButton />
          </TopToolbar>
        }
      >
        <ResponsiveDatagrid phone={phoneRow}
          rowClick="edit"
          bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" mutationOptions={onError} />}
        >
          <TextField source="name" />
          <TextField source="subject" sortable={false} />
          <DateField source="updated_at" showTime />
          <NumberField source="send_count" sortable={false} />
          <DeleteWithConfirmButton mutationOptions={onError} />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
