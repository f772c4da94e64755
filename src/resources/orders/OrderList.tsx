import { FunctionField, List, NumberField, SearchInput, SelectInput, TextField, useTranslate, type RaRecord } from 'react-admin';
import { PortalDateInput } from '../shared/DateInputs';
import { DateField } from '../shared/DateField';
import { useSelectedBranch } from '../../providers/branchSelection';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { PriceField } from '../products/PriceField';
import { ResponsiveDatagrid } from '../shared/ResponsiveDatagrid';
import { PageHeading } from '../shared/PageHeading';
import { OrderStats } from './OrderStats';
import { CappedTotal } from '../shared/CappedTotal';
import { orderPhoneRow } from './orderPhoneRow';
import { StatusChip } from './StatusChip';
import { orderPath, statusChoices, type OrderStatus } from './statuses';
import { useLiveRefresh } from '../shared/useLiveRefresh';

const phoneRow = orderPhoneRow();

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <PortalDateInput key="date_from" source="date_from" alwaysOn />,
  <PortalDateInput key="date_to" source="date_to" alwaysOn />,
];

/**
 * /orders: the selected branch's orders (`branch_orders`), their stats this month against
 * last, filters, CSV export; all filtered, sorted and paged by the server.
 */
export default function OrderList() {
  const core = useCore();
  const translate = useTranslate();
  const branch = useSelectedBranch(core?.branch_config ?? []);
  const title = usePortalTitle('orders');
  // New and moved orders appear without a reload (production's queue above all).
  useLiveRefresh('orders');
  const role = core?.user.role.role_name;
  const branchName = core?.branch_config.find((b) => b.id === branch)?.name ?? translate('orders.stats.all_branches');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List
        resource="orders"
        title={`${title} · ${branchName}`}
        filter={{ branch_id: branch }}
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        storeKey={`orders.branch.${branch}`}
      >
        <OrderStats />
        <CappedTotal messages="orders.capped_total" />
        <ResponsiveDatagrid rowClick={(id) => orderPath(role, id)} bulkActionButtons={false} phone={phoneRow}>
          <TextField source="reference" />
          <DateField source="created_at" showTime />
          <TextField source="client_name" />
          <FunctionField source="status" render={(record: RaRecord) => <StatusChip status={record.status as OrderStatus} />} />
          <NumberField source="line_count" sortable={false} />
          <PriceField source="total" />
          <TextField source="tracking_number" sortable={false} />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
