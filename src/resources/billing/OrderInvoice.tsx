import ReceiptIcon from '@mui/icons-material/Receipt';
import { Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Panel } from '../orders/Panel';
import type { OrderDetails } from '../orders/types';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { useApiAction } from '../shared/useApiAction';
import { issueInvoice } from './calls';
import { invoicePath } from './paths';
import { PdfButton } from './PdfButton';

/**
 * An order's tax invoice: its number (to its page) and PDF once issued. It is issued when the order
 * is dispatched; an admin may issue it sooner, after a confirmation (an invoice is never withdrawn).
 */
export function OrderInvoice({ order, isAdmin, onIssued }: { order: OrderDetails; isAdmin: boolean; onIssued: () => void }) {
  const translate = useTranslate();
  const issue = useApiAction(() => issueInvoice(order.id), {
    success: (invoice) => ({ message: 'billing.orders.issued', args: { number: invoice.number } }),
    onSuccess: onIssued,
  });
  return (
    <Panel title="billing.orders.invoice">
      {order.invoice ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={invoicePath(order.invoice.id)} data-testid="order-invoice">
            {order.invoice.number}
          </Link>
          <PdfButton kind="invoice" id={order.invoice.id} number={order.invoice.number} />
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary">{translate(order.status === 'cancelled' ? 'billing.orders.cancelled_no_invoice' : 'billing.orders.no_invoice')}</Typography>
          {isAdmin && order.status !== 'cancelled' && (
            <ConfirmedButton
              label="billing.orders.issue"
              icon={<ReceiptIcon />}
              title={translate('billing.orders.issue_title', { reference: order.reference })}
              content="billing.orders.issue_content"
              onConfirm={() => issue.run()}
            />
          )}
        </Stack>
      )}
    </Panel>
  );
}
