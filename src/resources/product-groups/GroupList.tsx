import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import {
  BulkDeleteButton,
  Button,
  CreateBase,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  maxLength,
  required,
  useTranslate,
} from 'react-admin';
import { PageHeading } from '../shared/SectionCard';
import { usePortalTitle } from '../../screens/usePortalTitle';

interface GroupRecord {
  id: number;
  name: string;
  description: string;
  product_ids: number[];
  role_ids: number[];
}

export const groupPath = (id: number | string) => `/product-groups/${id}`;

/** A new group needs only a name; products, roles and prices are set on its own screen. */
function CreateGroupButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="products.group.new" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="new-group-title">
        <DialogTitle id="new-group-title">{translate('products.group.new')}</DialogTitle>
        <DialogContent>
          <CreateBase resource="product-groups" redirect={(_resource, id) => groupPath(id!)}>
            <SimpleForm>
              <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
              <TextInput source="description" multiline fullWidth />
            </SimpleForm>
          </CreateBase>
        </DialogContent>
      </Dialog>
    </>
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn />];

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
            <CreateGroupButton />
          </TopToolbar>
        }
      >
        <Datagrid rowClick={(id) => groupPath(id)} bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
          <TextField source="name" />
          <TextField source="description" />
          <FunctionField<GroupRecord> label="products.group.products_count" textAlign="right" render={(record) => record.product_ids.length} />
          <FunctionField<GroupRecord> label="products.group.roles_count" textAlign="right" render={(record) => record.role_ids.length} />
        </Datagrid>
      </List>
    </>
  );
}
