import { lazy, Suspense } from 'react';
import {
  BulkDeleteButton,
  EditButton,
  EmailField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  type BooleanInputProps,
  type Identifier,
} from 'react-admin';
import { DateField } from '../shared/DateField';
import { BranchName, ClientTypeField, MembershipStatusChip } from './MemberFields';
import { statusChoices, typeChoices, useBranchChoices } from './choices';
import { RepFilterInput } from '../shared/RepFilterInput';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { PageHeading } from '../shared/PageHeading';
import { CappedTotal } from '../shared/CappedTotal';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

/**
 * The bulk "Activate membership" loads when rows are first selected, not with the members list:
 * the list is the admin's first screen, and the button's confirm-and-post code is a share of the
 * shell's weight that only a selection needs.
 */
const BulkActivateButton = lazy(() => import('./BulkActivateButton').then((module) => ({ default: module.BulkActivateButton })));

/**
 * The "archived" filter is a switch the list shows only once it is added from "Add filter": its
 * input (MUI's switch and form-control label) loads then, not with the admin's first screen.
 */
const LazyArchivedFilter = lazy(() => import('./ArchivedFilter'));
const ArchivedFilter = (props: BooleanInputProps) => (
  <Suspense fallback={null}>
    <LazyArchivedFilter {...props} />
  </Suspense>
);

const BulkActions = () => (
  <>
    <Suspense fallback={null}>
      <BulkActivateButton />
    </Suspense>
    <BulkDeleteButton
      label="members.archive.action"
      mutationMode="pessimistic"
      confirmTitle="members.archive.title"
      confirmContent="members.archive.content"
    />
  </>
);

const toClientView = (id: Identifier) => `/clients/view/${id}`;

/** On a phone: the member, its membership state, then its type, branch and email. */
const phoneRow: PhoneRow = {
  primaryText: (client) => client.name,
  tertiaryText: () => <MembershipStatusChip />,
  secondaryText: (client) => <Facts parts={[<ClientTypeField />, <BranchName />, client.email]} />,
};

/** /members: every member, searched, filtered and sorted by the server; export and bulk actions. */
export default function MemberList() {
  const title = usePortalTitle('members');
  const branches = useBranchChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="type" source="type" choices={typeChoices} alwaysOn />,
    <SelectInput key="branch_id" source="branch_id" choices={branches} alwaysOn />,
    <SelectInput key="membership_status" source="membership_status" choices={statusChoices} alwaysOn />,
    <RepFilterInput key="rep" source="rep" />,
    <ArchivedFilter key="archived" source="archived" />,
  ];
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
        <CappedTotal messages="members.capped_total" />
        <ResponsiveDatagrid rowClick={toClientView} bulkActionButtons={<BulkActions />} phone={phoneRow}>
          <TextField source="name" />
          <FunctionField source="type" render={() => <ClientTypeField />} />
          <TextField source="contact_name" />
          <EmailField source="email" />
          <TextField source="phone" sortable={false} />
          <FunctionField source="branch_id" render={() => <BranchName />} />
          <FunctionField source="membership_status" render={() => <MembershipStatusChip />} />
          <DateField source="membership_expires_at" />
          <EditButton />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
