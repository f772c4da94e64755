import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DocumentStatus, PaymentStatus } from '../../../shared/billing/records';

const documentColours: Record<DocumentStatus, ChipProps['color']> = {
  open: 'info',
  partly_paid: 'warning',
  paid: 'success',
  overdue: 'error',
  credited: 'default',
};

/** An invoice's state: open, partly paid, paid, overdue or credited (the theme's colours pass AA as chips). */
export function DocumentStatusChip({ status }: { status: DocumentStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={documentColours[status] ?? 'default'} label={translate(`billing.status.${status}`, { _: status })} />;
}

const paymentColours: Record<PaymentStatus, ChipProps['color']> = { pending: 'warning', confirmed: 'success', refused: 'error', reversed: 'default' };

/** A payment's state: a proof waiting for the company, confirmed, or refused. */
export function PaymentStatusChip({ status }: { status: PaymentStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={paymentColours[status] ?? 'default'} label={translate(`billing.payment_status.${status}`, { _: status })} />;
}
