import { Chip, Stack } from '@mui/material';
import { BulkDeleteButton, Datagrid, FunctionField, List, SearchInput, TextField } from 'react-admin';
import type { PropertyRecord } from '../products/usePropertyValueChoices';
import { PageHeading } from '../shared/SectionCard';
import { usePortalTitle } from '../../screens/usePortalTitle';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export default function PropertyList() {
  const title = usePortalTitle('properties');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List title={title} filters={filters} sort={{ field: 'name', order: 'ASC' }} exporter={false}>
        <Datagrid rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
          <TextField source="name" />
          <FunctionField<PropertyRecord>
            source="values"
            sortable={false}
            render={(record) => (
              <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
                {record.values.map((value) => (
                  <Chip key={value.id} label={value.value} size="small" />
                ))}
              </Stack>
            )}
          />
        </Datagrid>
      </List>
    </>
  );
}
