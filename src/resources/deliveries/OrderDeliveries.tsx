import { useMemo, useState } from 'react';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import DrawIcon from '@mui/icons-material/Draw';
import { Alert, Box, Button, CircularProgress, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../i18n/format';
import { PdfDownloadButton } from '../billing/PdfButton';
import { invoicePath } from '../billing/paths';
import { Panel } from '../orders/Panel';
import type { OrderDetails } from '../orders/types';
import { Facts } from '../shared/ResponsiveDatagrid';
import { useApiGet } from '../shared/useApiGet';
import { useLiveRefresh } from '../shared/useLiveRefresh';
import { DELIVERABLE_STATUSES } from '../../../shared/deliveries/proof';
import { DELIVERIES, ORDER_STOCK, proofPath } from './calls';
import { deliverableLines, waitingLines, type DeliverableLine } from './deliveryLines';
import { NewDeliveryDialog } from './NewDeliveryDialog';
import type { Delivery, LineStock } from './types';

/** One delivery: its number and date, what left, the courier, and who signed for it (or the way to the proof). */
function DeliveryRow({ delivery, isAdmin }: { delivery: Delivery; isAdmin: boolean }) {
  const translate = useTranslate();
  return (
    <ListItem disableGutters divider sx={{ display: 'block' }} data-testid="delivery-row">
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle1">
          {delivery.number}
        </Typography>
        <PdfDownloadButton path="api/deliveries/note_pdf" query={{ id: delivery.id }} number={delivery.number} label="deliveries.note_pdf" />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        <Facts
          parts={[
            formatDateTime(delivery.created_at),
            delivery.courier && `${translate('deliveries.fields.courier')}: ${delivery.courier}`,
            delivery.waybill && `${translate('deliveries.fields.waybill')}: ${delivery.waybill}`,
            delivery.invoice_number &&
              (isAdmin ? (
                <Link component={RouterLink} to={invoicePath(delivery.invoice_id!)}>
                  {delivery.invoice_number}
                </Link>
              ) : (
                delivery.invoice_number
              )),
          ]}
        />
      </Typography>
      <Typography variant="body2">
        <Facts parts={delivery.lines.map((line) => `${line.quantity} × ${line.product_name}`)} />
      </Typography>
      {delivery.delivered_at ? (
        <Typography variant="body2" color="success.main" data-testid="delivery-signed">
          {translate('deliveries.signed', { name: delivery.signed_by ?? '', at: formatDateTime(delivery.delivered_at) })}
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {translate('deliveries.awaiting_proof')}
          </Typography>
          <Button size="small" startIcon={<DrawIcon />} component={RouterLink} to={proofPath(delivery.id)} aria-label={`${translate('deliveries.proof_link')} ${delivery.number}`}>
            {translate('deliveries.proof_link')}
          </Button>
        </Stack>
      )}
    </ListItem>
  );
}

/**
 * The order's deliveries for those who send goods (admins and production; the server decides):
 * each delivery with its note, the picking slip, and "New delivery" of what is still reserved.
 * Made deliveries move the order on (dispatched when nothing is left), so the order is read again.
 */
export function OrderDeliveries({ order, isAdmin, onChanged }: { order: OrderDetails; isAdmin: boolean; onChanged: () => void }) {
  const translate = useTranslate();
  // The lines as they were when the dialog opened: what is typed against them does not shift when
  // the live stream brings a newer reservation (the server says so beside the line if it changed).
  const [creating, setCreating] = useState<{ lines: DeliverableLine[]; waiting: DeliverableLine[] } | null>(null);
  const deliveries = useApiGet<{ data: Delivery[] }>(DELIVERIES, { order_id: order.id });
  const stock = useApiGet<{ data: LineStock[] }>(ORDER_STOCK, { order_id: order.id });
  const { refetch: refetchDeliveries } = deliveries;
  const { refetch: refetchStock } = stock;
  // A delivery made or proven elsewhere (another tab, the phone, the dispatch of the rest) is
  // announced as news of its order: what the order holds and has sent is read again.
  useLiveRefresh('orders', order.id, () => {
    refetchDeliveries();
    refetchStock();
  });
  const deliverable = useMemo(
    () => (stock.data && (DELIVERABLE_STATUSES as readonly string[]).includes(order.status) ? deliverableLines(order, stock.data.data) : []),
    [order, stock.data],
  );
  const waiting = useMemo(() => (stock.data ? waitingLines(order, stock.data.data) : []), [order, stock.data]);
  const failed = deliveries.error ?? stock.error;

  return (
    <Box data-testid="order-deliveries">
      <Panel title="deliveries.title">
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" size="small" startIcon={<LocalShippingIcon />} disabled={deliverable.length === 0} onClick={() => setCreating({ lines: deliverable, waiting })}>
              {translate('deliveries.create.open')}
            </Button>
            <PdfDownloadButton path="api/deliveries/picking_pdf" query={{ order_id: order.id }} number={order.reference} label="deliveries.picking_slip" />
          </Stack>
          {failed ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => (refetchDeliveries(), refetchStock())}>
                  {translate('ra.action.refresh')}
                </Button>
              }
            >
              {translate('deliveries.load_failed', { message: failed.message })}
            </Alert>
          ) : deliveries.data === null ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
            </Box>
          ) : deliveries.data.data.length === 0 ? (
            <Typography color="text.secondary">{translate('deliveries.none')}</Typography>
          ) : (
            <List disablePadding aria-label={translate('deliveries.title')}>
              {deliveries.data.data.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} isAdmin={isAdmin} />
              ))}
            </List>
          )}
        </Stack>
        {creating && (
          <NewDeliveryDialog
            orderId={order.id}
            reference={order.reference}
            lines={creating.lines}
            waiting={creating.waiting}
            onClose={() => setCreating(null)}
            onDone={() => {
              refetchDeliveries();
              refetchStock();
              onChanged();
            }}
          />
        )}
      </Panel>
    </Box>
  );
}
