import {
  BulkDeleteButton,
  FunctionField,
  List,
  SearchInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { PageHeading } from '../shared/PageHeading';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { NamedCreateButton } from '../shared/NamedCreateButton';
import { ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

interface GroupRecord {
  id: number;
  name: string;
  description: string;
  product_ids: number[];
  role_ids: number[];
}

export const groupPath = (id: number | string) => `/product-groups/${id}`;


const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** On a phone: the group, its description under it. */
const phoneRow: PhoneRow = {
  primaryText: (group) => group.name,
  secondaryText: (group) => group.description,
};

export default function GroupList() {
  const title = usePortalTitle('product_groups');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List
        title={title}
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        exporter={false}
        actions={
          <TopToolbar>
            <NamedCreateButton resource="product-groups" label="products.group.new" pathOf={groupPath} />
          </TopToolbar>
        }
      >
        <ResponsiveDatagrid phone={phoneRow} rowClick={(id) => groupPath(id)} bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
          <TextField source="name" />
          <TextField source="description" />
          <FunctionField<GroupRecord> label="products.group.products_count" textAlign="right" render={(record) => record.product_ids.length} />
          <FunctionField<GroupRecord> label="products.group.roles_count" textAlign="right" render={(record) => record.role_ids.length} />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
