import {
  AutocompleteInput,
  BooleanField,
  BulkDeleteButton,
  CreateButton,
  ExportButton,
  List,
  NullableBooleanInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  FilterButton,
  useTranslate,
} from 'react-admin';
import { PriceField } from './PriceField';
import { useIsAdmin } from './useIsAdmin';
import { usePropertyValueChoices } from './usePropertyValueChoices';
import { PageHeading } from '../shared/PageHeading';
import { ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { formatMoney } from '../../i18n/format';
import { usePortalTitle } from '../../screens/usePortalTitle';

function PropertyValueFilter(props: { source: string; alwaysOn?: boolean }) {
  const { choices, isPending } = usePropertyValueChoices();
  return <SelectInput {...props} choices={choices} isPending={isPending} />;
}

/** On a phone: the product and its price (the caller's own), its SKU under it. */
const phoneRow: PhoneRow = {
  primaryText: (product) => product.name,
  tertiaryText: (product) => formatMoney(product.price),
  secondaryText: (product) => product.sku,
};

function ListActions({ isAdmin }: { isAdmin: boolean }) {
  return (
    <TopToolbar>
      <FilterButton />
      {isAdmin && <CreateButton />}
      <ExportButton maxResults={1000} />
    </TopToolbar>
  );
}

/**
 * The catalogue. The admin manages it (base prices, bulk delete with confirmation); every other
 * role reads it, each at its own price, without any button that would change it.
 */
export default function ProductList() {
  const isAdmin = useIsAdmin();
  const translate = useTranslate();
  const title = usePortalTitle('products');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <NullableBooleanInput key="active" source="active" />,
    <PropertyValueFilter key="property_value_id" source="property_value_id" />,
    ...(isAdmin
      ? [
          <ReferenceInput key="group_id" source="group_id" reference="product-groups">
            <AutocompleteInput optionText="name" />
          </ReferenceInput>,
        ]
      : []),
  ];
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List title={title} filters={filters} sort={{ field: 'name', order: 'ASC' }} actions={<ListActions isAdmin={isAdmin} />}>
        <ResponsiveDatagrid
          rowClick={isAdmin ? 'edit' : false}
          bulkActionButtons={isAdmin ? <BulkDeleteButton mutationMode="pessimistic" /> : false}
          phone={phoneRow}
        >
          <TextField source="sku" />
          <TextField source="name" />
          <PriceField source="price" label={isAdmin ? undefined : translate('products.your_price')} />
          <BooleanField source="display_material" />
          {isAdmin && <BooleanField source="active" />}
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
