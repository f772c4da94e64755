import { EmailField, FunctionField, List, NumberField, SearchInput, TextField, type Identifier } from 'react-admin';
import { BranchName } from '../members/MemberFields';
import { PriceField } from '../products/PriceField';
import { formatMoney } from '../../i18n/format';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { PageHeading } from '../shared/PageHeading';
import { usePortalTitle } from '../../screens/usePortalTitle';

const filters = [<SearchInput key="q" source="q" alwaysOn />];
const toRepView = (id: Identifier) => `/reps/view/${id}`;

/** On a phone: the rep and its sales, then its email and branch. */
const phoneRow: PhoneRow = {
  primaryText: (rep) => rep.name,
  tertiaryText: (rep) => formatMoney(rep.sales_total),
  secondaryText: (rep) => <Facts parts={[rep.email, <BranchName />]} />,
};

/** /reps: the active reps (admin/repusers) with how many clients each works and their sales, sorted by the server. */
export default function RepList() {
  const title = usePortalTitle('reps');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List title={title} filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
        <ResponsiveDatagrid rowClick={toRepView} bulkActionButtons={false} phone={phoneRow}>
          <TextField source="name" />
          <EmailField source="email" />
          <FunctionField source="branch_id" render={() => <BranchName />} />
          <NumberField source="client_count" />
          <PriceField source="sales_total" />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
