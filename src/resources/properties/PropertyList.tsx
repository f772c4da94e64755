import { Chip, Stack } from '@mui/material';
import { BulkDeleteButton, FunctionField, List, SearchInput, TextField } from 'react-admin';
import type { PropertyRecord } from '../products/usePropertyValueChoices';
import { PageHeading } from '../shared/PageHeading';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** On a phone: the property, its values under it. */
const phoneRow: PhoneRow<PropertyRecord> = {
  primaryText: (property) => property.name,
  secondaryText: (property) => <Facts parts={property.values.map((value) => value.value)} />,
};

export default function PropertyList() {
  const title = usePortalTitle('properties');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List title={title} filters={filters} sort={{ field: 'name', order: 'ASC' }} exporter={false}>
        <ResponsiveDatagrid phone={phoneRow} rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
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
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
