import type { RaRecord } from 'react-admin';
import { formatDateTime, formatMoney } from '../../i18n/format';
import { Facts, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { StatusChip } from './StatusChip';
import type { OrderStatus } from './statuses';

/** An order on a phone, wherever orders are listed: number and status first, then client, total (unless `withMoney` is off), date. */
export function orderPhoneRow({ withClient = true, withMoney = true } = {}): PhoneRow {
  return {
    primaryText: (order: RaRecord) => order.reference,
    tertiaryText: (order: RaRecord) => <StatusChip status={order.status as OrderStatus} />,
    secondaryText: (order: RaRecord) => <Facts parts={[withClient && order.client_name, withMoney && formatMoney(order.total), formatDateTime(order.created_at)]} />,
  };
}
