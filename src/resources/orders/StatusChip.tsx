import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { statusColor, type OrderStatus } from './statuses';

export function StatusChip({ status, size = 'small', testId }: { status: OrderStatus; size?: 'small' | 'medium'; testId?: string }) {
  const translate = useTranslate();
  return <Chip data-testid={testId} size={size} color={statusColor[status]} label={translate(`orders.status.${status}`)} variant={status === 'delivered' ? 'outlined' : 'filled'} />;
}
