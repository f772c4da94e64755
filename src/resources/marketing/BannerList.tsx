import {
  BooleanField,
  BooleanInput,
  BulkDeleteButton,
  DeleteButton,
  ImageField,
  List,
  NumberField,
  SearchInput,
  TextField,
} from 'react-admin';
import { DateField } from '../shared/DateField';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { PageHeading } from '../shared/PageHeading';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="active_now" source="active_now" />];

/** On a phone: the banner's title and whether it shows, when it shows under it. */
const phoneRow: PhoneRow = {
  primaryText: (banner) => banner.title,
  tertiaryText: () => <BooleanField source="active" />,
  secondaryText: (banner) =>
    banner.active_from || banner.active_to ? (
      <>
        <DateField source="active_from" showTime emptyText="…" /> – <DateField source="active_to" showTime emptyText="…" />
      </>
    ) : null,
};

/** Every banner with its window; members see only the active ones, by position (MemberBannersSlot). */
export default function BannerList() {
  const title = usePortalTitle('marketing');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List title={title} filters={filters} sort={{ field: 'position', order: 'ASC' }}>
        <ResponsiveDatagrid phone={phoneRow} rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
          <ImageField source="image_url" title="title" sortable={false} sx={{ '& img': { maxWidth: 120, maxHeight: 40, objectFit: 'cover', m: 0 } }} />
          <TextField source="title" />
          <DateField source="active_from" showTime emptyText="—" />
          <DateField source="active_to" showTime emptyText="—" />
          <NumberField source="position" />
          <BooleanField source="active" />
          <DeleteButton mutationMode="pessimistic" />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
