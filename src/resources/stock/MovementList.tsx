import { FunctionField, List, NumberField, SelectInput, TextField, useTranslate } from 'react-admin';
import { useSelectedBranch } from '../../providers/branchSelection';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { DateField } from '../shared/DateField';
import { PortalDateInput } from '../shared/DateInputs';
import { PageHeading } from '../shared/PageHeading';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { ListEmptyText } from '../shared/SectionCard';
import { stockMovementKinds } from '../../../shared/stock/availability';
import type { StockMovement } from './types';

const kindChoices = stockMovementKinds.map((id) => ({ id, name: `stock.kinds.${id}` }));
const filters = [
  <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn />,
  <PortalDateInput key="date_from" source="date_from" alwaysOn />,
  <PortalDateInput key="date_to" source="date_to" alwaysOn />,
];

/** A signed figure as people write it: +3, −2, 0. */
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** /stock-movements (admins and production): every change of stock in the selected branch, newest first. */
export default function MovementList() {
  const core = useCore();
  const translate = useTranslate();
  const branch = useSelectedBranch(core?.branch_config ?? []);
  const title = usePortalTitle('stock_movements');
  const phoneRow: PhoneRow<StockMovement> = {
    primaryText: (m) => <bdi>{m.product_name}</bdi>,
    secondaryText: (m) => <Facts parts={[translate(`stock.kinds.${m.kind}`), signed(m.quantity), m.reason, m.user_name]} />,
    tertiaryText: (m) => new Date(m.at).toLocaleDateString(),
  };
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List
        resource="stock-movements"
        title={title}
        filter={branch > 0 ? { branch_id: branch } : {}}
        filters={filters}
        sort={{ field: 'at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        empty={false}
        storeKey={`stock-movements.branch.${branch}`}
      >
        <ResponsiveDatagrid phone={phoneRow} bulkActionButtons={false} rowClick={false} empty={<ListEmptyText none="stock.movements_none" noMatch="stock.no_match" />}>
          <DateField source="at" showTime />
          <FunctionField source="product_name" sortable={false} render={(m: StockMovement) => <bdi>{m.product_name}</bdi>} />
          <FunctionField source="kind" sortable={false} render={(m: StockMovement) => translate(`stock.kinds.${m.kind}`)} />
          <FunctionField source="quantity" sortable={false} render={(m: StockMovement) => signed(m.quantity)} />
          <FunctionField source="reserved" sortable={false} render={(m: StockMovement) => signed(m.reserved)} />
          <FunctionField source="backordered" sortable={false} render={(m: StockMovement) => signed(m.backordered)} />
          <TextField source="reason" sortable={false} />
          <NumberField source="order_id" sortable={false} options={{ useGrouping: false }} />
          <TextField source="user_name" sortable={false} />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
