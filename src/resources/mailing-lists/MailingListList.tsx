import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import {
  BulkDeleteButton,
  Button,
  CreateBase,
  Datagrid,
  DateField,
  DeleteWithConfirmButton,
  ExportButton,
  List,
  NumberField,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  maxLength,
  required,
  useTranslate,
} from 'react-admin';
import { FORMAT_LOCALE } from '../../i18n/format';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { EmptyText, PageHeading } from '../shared/SectionCard';
import { mailingListFields } from './endpoints';
import { useFailureNotice } from './failureNotice';

export const listPath = (id: number | string) => `/mailing-lists/${id}`;
const IN_USE = 'mailing.lists.in_use';

/** A new list needs a name; its members are added on its own screen, where it opens. */
function CreateListButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="mailing.lists.new" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="new-list-title">
        <DialogTitle id="new-list-title">{translate('mailing.lists.new')}</DialogTitle>
        <DialogContent>
          <CreateBase resource="mailing-lists" redirect={(_resource, id) => listPath(id!)} transform={mailingListFields}>
            <SimpleForm>
              <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
              <TextInput source="description" multiline fullWidth validate={maxLength(2000)} />
            </SimpleForm>
          </CreateBase>
        </DialogContent>
      </Dialog>
    </>
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /mailing-lists: every list with its figures; a row opens the list's screen. */
export default function MailingListList() {
  const title = usePortalTitle('mailing_lists');
  const failed = useFailureNotice();
  // A list a running send is using cannot go (409): say so plainly.
  const onError = { onError: (error: unknown) => failed(error, IN_USE) };
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List
        title={title}
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        // The toolbar (and its "New list") stays when there is no list yet.
        empty={false}
        actions={
          <TopToolbar>
            <CreateListButton />
            <ExportButton />
          </TopToolbar>
        }
      >
        <Datagrid
          rowClick={(id) => listPath(id)}
          empty={<EmptyText message="mailing.lists.none" />}
          bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" mutationOptions={onError} />}>
          <TextField source="name" />
          <TextField source="description" sortable={false} />
          <NumberField source="client_count" />
          <NumberField source="unsubscribed_count" sortable={false} />
          <DateField source="created_at" locales={FORMAT_LOCALE} />
          <DeleteWithConfirmButton mutationOptions={onError} redirect={false} />
        </Datagrid>
      </List>
    </>
  );
}
