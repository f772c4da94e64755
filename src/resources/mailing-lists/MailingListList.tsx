import {
  BulkDeleteButton,
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
import { NamedCreateButton } from '../shared/NamedCreateButton';
import { ListEmptyText } from '../shared/SectionCard';
import { PageHeading } from '../shared/PageHeading';
import { mailingListFields } from './endpoints';
import { useFailureNotice } from '../shared/failureNotice';
import { ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

export const listPath = (id: number | string) => `/mailing-lists/${id}`;
const IN_USE = 'mailing.lists.in_use';


const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** On a phone: the list and how many clients it holds, its description under it. */
const phoneRow: PhoneRow = {
  primaryText: (list) => list.name,
  tertiaryText: (list) => list.client_count,
  secondaryText: (list) => list.description,
};

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
            <NamedCreateButton resource="mailing-lists" label="mailing.lists.new" pathOf={listPath} transform={mailingListFields} descriptionMaxLength={2000} />
            <ExportButton />
          </TopToolbar>
        }
      >
        <ResponsiveDatagrid phone={phoneRow}
          rowClick={(id) => listPath(id)}
          empty={<ListEmptyText none="mailing.lists.none" noMatch="mailing.lists.no_match" />}
          bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" mutationOptions={onError} />}>
          <TextField source="name" />
          <TextField source="description" sortable={false} />
          <NumberField source="client_count" />
          <NumberField source="unsubscribed_count" sortable={false} />
          <DateField source="created_at" />
          <DeleteWithConfirmButton mutationOptions={onError} redirect={false} />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
