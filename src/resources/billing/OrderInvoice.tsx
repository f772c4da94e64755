import ReceiptIcon from '@mui/icons-material/Receipt';
import { Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Panel } from '../orders/Panel';
import type { InvoiceRef, OrderDetails } from '../orders/types';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { useApiAction } from '../shared/useApiAction';
import { issueInvoice } from './calls';
import { invoicePath } from './paths';
import { PdfButton } from './PdfButton';

/** One invoice of the order: its number (to its page) and its PDF. */
function InvoiceLine({ invoice }: { invoice: InvoiceRef }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Link component={RouterLink} to={invoicePath(invoice.id)} data-testid="order-invoice">
        {invoice.number}
      </Link>
      <PdfButton kind="invoice" id={invoice.id} number={invoice.number} />
    </Stack>
  );
}

/**
 * An order's tax invoices once issued, oldest first: one when the order left whole, one per
 * delivery when it left in several (each bills what left). The invoice is issued when the order is
 * dispatched or a delivery leaves; an admin may issue it sooner, after a confirmation (an invoice is
 * never withdrawn).
 */
export function OrderInvoice({ order, isAdmin, onIssued }: { order: OrderDetails; isAdmin: boolean; onIssued: () => void }) {
  const translate = useTranslate();
  const issue = useApiAction(() => issueInvoice(order.id), {
    success: (invoice) => ({ message: 'billing.orders.issued', args: { number: invoice.number } }),
    onSuccess: onIssued,
  });
  // An order kept from an older version of the app names only its first invoice.
  const invoices = order.invoices ?? (order.invoice ? [order.invoice] : []);
  return (
    <Panel title={invoices.length > 1 ? 'billing.orders.invoices' : 'billing.orders.invoice'}>
      {invoices.length > 0 ? (
        <Stack spacing={1}>
          {invoices.map((invoice) => (
            <InvoiceLine key={invoice.id} invoice={invoice} />
          ))}
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
