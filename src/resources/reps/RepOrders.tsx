import { Card, CardHeader } from '@mui/material';
import { FunctionField, ListBase, Pagination, TextField, useTranslate, type RaRecord } from 'react-admin';
import { DateField } from '../shared/DateField';
import { useCore } from '../../providers/useCore';
import { PriceField } from '../products/PriceField';
import { StatusChip } from '../orders/StatusChip';
import { orderPath, type OrderStatus } from '../orders/statuses';
import { orderPhoneRow } from '../orders/orderPhoneRow';
import { ResponsiveDatagrid } from '../shared/ResponsiveDatagrid';

/**
 * Orders as a rep sees them (orders/all: the server keeps a reseller to its clients' orders),
 * newest first, paged by the server; `clientId` narrows them to one client.
 */
export function RepOrders({ clientId, title }: { clientId?: number; title: string }) {
  const translate = useTranslate();
  const role = useCore()?.user.role.role_name;
  return (
    <Card data-testid="rep-orders">
      <CardHeader title={translate(title)} />
      <ListBase
        resource="orders"
        filter={clientId === undefined ? {} : { client_id: clientId }}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={10}
        disableSyncWithLocation
        storeKey={false}
      >
        <ResponsiveDatagrid
          rowClick={(id) => orderPath(role, id)}
          bulkActionButtons={false}
          empty={<EmptyOrders />}
          phone={orderPhoneRow({ withClient: clientId === undefined })}
        >
          <TextField source="reference" />
          <DateField source="created_at" showTime />
          {clientId === undefined && <TextField source="client_name" />}
          <FunctionField source="status" render={(record: RaRecord) => <StatusChip status={record.status as OrderStatus} />} />
          <PriceField source="total" />
        </ResponsiveDatagrid>
        <Pagination rowsPerPageOptions={[10, 25, 50]} />
      </ListBase>
    </Card>
  );
}

function EmptyOrders() {
  const translate = useTranslate();
  return <CardHeader subheader={translate('reps.orders.none')} />;
}
