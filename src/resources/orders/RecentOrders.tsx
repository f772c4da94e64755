import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, Link, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatMoney } from '../../i18n/format';
import { useCore } from '../../providers/useCore';
import { PhoneRows } from '../shared/PhoneList';
import { useIsPhone } from '../shared/useIsPhone';
import { orderPhoneRow } from './orderPhoneRow';
import { StatusChip } from './StatusChip';
import { orderPath, type OrderStatus } from './statuses';
import { useLiveRefresh } from '../shared/useLiveRefresh';

interface OrderRow {
  id: number;
  reference: string;
  client_name: string;
  status: OrderStatus;
  total: number;
  created_at: string;
}


const phoneRow = orderPhoneRow();
const phoneRowWithoutMoney = orderPhoneRow({ withMoney: false });
/**
 * A short list of orders the caller may see (the server narrows it by role), newest first unless
 * told otherwise; `filter` picks a status for a queue. `withMoney` off leaves the totals out (the
 * production team's queues).
 */
export function RecentOrders({
  title,
  filter = {},
  oldestFirst = false,
  perPage = 8,
  action,
  withMoney = true,
}: {
  title: string;
  filter?: Record<string, unknown>;
  oldestFirst?: boolean;
  perPage?: number;
  /** A button beside the title, e.g. "New order". */
  action?: ReactNode;
  withMoney?: boolean;
}) {
  const translate = useTranslate();
  const role = useCore()?.user.role.role_name;
  const isPhone = useIsPhone();
  useLiveRefresh('orders');
  const { data, total, isPending } = useGetList<OrderRow>('orders', {
    pagination: { page: 1, perPage },
    sort: { field: 'created_at', order: oldestFirst ? 'ASC' : 'DESC' },
    filter,
  });
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={title} subheader={total !== undefined ? translate('dashboard.order_count', { smart_count: total }) : undefined} action={action} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Loading />
        ) : !data?.length ? (
          <Typography color="text.secondary">{translate('dashboard.no_orders')}</Typography>
        ) : isPhone ? (
          <PhoneRows phone={withMoney ? phoneRow : phoneRowWithoutMoney} data={data} total={total} isPending={false} resource="orders" rowClick={(id) => orderPath(role, id)} disablePadding />
        ) : (
          <Table size="small">
            <TableBody>
              {data.map((order) => (
                <TableRow key={order.id}>
                  <TableCell>
                    <Link component={RouterLink} to={orderPath(role, order.id)}>
                      {order.reference}
                    </Link>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {formatDate(order.created_at)}
                    </Typography>
                  </TableCell>
                  <TableCell>{order.client_name}</TableCell>
                  <TableCell>
                    <StatusChip status={order.status} />
                  </TableCell>
                  {withMoney && <TableCell align="right">{formatMoney(order.total)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
