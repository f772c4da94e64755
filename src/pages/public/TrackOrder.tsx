import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Divider, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDateTime, formatMoney } from '../../i18n/format';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { ApiError, apiGet } from '../../providers/http';
import { formatRate } from '../../resources/billing/money';
import { forwardStatuses, statusColor, type OrderStatus } from '../../resources/orders/statuses';
import { PublicShell } from './PublicShell';
import { CourierTimeline, hasCourierNews } from '../../resources/courier/CourierTimeline';
import type { CourierTracking } from '../../resources/courier/types';

interface TrackedOrder extends CourierTracking {
  id: number;
  reference: string;
  status: OrderStatus;
  created_at: string;
  dispatched_at: string | null;
  delivered_at: string | null;
  courier_name: string;
  tracking_number: string;
  /** With VAT. */
  total: number;
  vat: number;
  total_excl_vat: number;
  vat_by_class: { vat_class: string; rate_bp: number; total_excl_vat: number; vat: number; total: number }[];
  lines: { product_name: string; quantity: number; unit_price: number; line_total: number; vat: number; vat_class: string }[];
  client: { name: string; type: string };
  deliveries: { number: string; created_at: string; courier: string; waybill: string; signed_by: string | null; delivered_at: string | null }[];
}

/** An order read by its token is read-only unless its client is of type admin. */
export const isReadOnly = (order: Pick<TrackedOrder, 'client'>) => order.client.type !== 'admin';

type State = { kind: 'loading' } | { kind: 'found'; order: TrackedOrder } | { kind: 'not_found' } | { kind: 'failed' };

/** /ext/track/order/{token}: where an order stands, for whoever holds the link (no sign-in). */
export default function TrackOrder() {
  const { token = '' } = useParams();
  const { translate } = usePublicI18n();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    apiGet<{ data: TrackedOrder }>('api/orders/orderbytoken', { token }, controller.signal).then(
      (answer) => setState({ kind: 'found', order: answer.data }),
      (error) => {
        if (controller.signal.aborted) return;
        setState({ kind: error instanceof ApiError && error.status === 404 ? 'not_found' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [token]);

  if (state.kind !== 'found') {
    return (
      <PublicShell page="track_order" width="sm">
        {state.kind === 'loading' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={translate('app.loading')} />
          </Box>
        )}
        {state.kind === 'not_found' && <Alert severity="warning">{translate('orders.tracking.not_found')}</Alert>}
        {state.kind === 'failed' && <Alert severity="error">{translate('orders.tracking.failed')}</Alert>}
      </PublicShell>
    );
  }

  const { order } = state;
  const reached = order.status === 'cancelled' ? -1 : forwardStatuses.indexOf(order.status);
  return (
    <PublicShell page="track_order" heading={translate('orders.tracking.title', { reference: order.reference })} width="sm">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Chip color={statusColor[order.status]} label={translate(`orders.status.${order.status}`)} data-testid="tracking-status" />
        <Typography color="text.secondary">{order.client.name}</Typography>
      </Box>
      <Typography variant="body2">{translate('orders.tracking.placed_on', { date: formatDateTime(order.created_at) })}</Typography>
      {order.dispatched_at && <Typography variant="body2">{translate('orders.tracking.dispatched_on', { date: formatDateTime(order.dispatched_at) })}</Typography>}
      {order.delivered_at && <Typography variant="body2">{translate('orders.tracking.delivered_on', { date: formatDateTime(order.delivered_at) })}</Typography>}
      {order.courier_name && <Typography variant="body2">{translate('orders.tracking.courier', { courier: order.courier_name })}</Typography>}
      {order.tracking_number && (
        <Typography variant="body2" data-testid="tracking-number">
          {translate('orders.tracking.tracking_number', { number: order.tracking_number })}
        </Typography>
      )}
      {order.status === 'cancelled' ? (
        <Alert severity="error" sx={{ my: 2 }}>
          {translate('orders.view.cancelled_banner')}
        </Alert>
      ) : (
        <Box component="ol" aria-label={translate('orders.view.workflow')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, my: 2, listStyle: 'none' }}>
          {forwardStatuses.map((status, i) => (
            <Box
              component="li"
              key={status}
              aria-current={i === reached ? 'step' : undefined}
              sx={{ px: 1, py: 0.5, borderRadius: 1, fontSize: 13, bgcolor: i <= reached ? 'primary.main' : 'grey.200', color: i <= reached ? 'primary.contrastText' : 'text.secondary' }}
            >
              {i < reached ? '✓ ' : ''}
              {translate(`orders.status.${status}`)}
            </Box>
          ))}
        </Box>
      )}
      {hasCourierNews(order) && (
        <>
          <Divider sx={{ my: 2 }} />
          <CourierTimeline tracking={order} translate={translate} />
        </>
      )}
      <Divider sx={{ my: 2 }} />
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={translate('orders.view.lines')}>
        {order.lines.map((line, i) => (
          <Box component="li" key={i} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
            <span>
              {line.quantity} × {line.product_name}
            </span>
            <span>{formatMoney(line.line_total)}</span>
          </Box>
        ))}
      </Box>
      <VatLines order={order} />
      <TrackedDeliveries deliveries={order.deliveries ?? []} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', fontWeight: 700, mt: 1 }}>
        <span>{translate('orders.view.total')}</span>
        <span data-testid="tracking-total">{formatMoney(order.total)}</span>
      </Box>
      {!isReadOnly(order) && (
        <Button component={RouterLink} to={`/orders/view/order/${order.id}`} variant="outlined" sx={{ mt: 3 }}>
          {translate('orders.tracking.manage')}
        </Button>
      )}
    </PublicShell>
  );
}

/** The total without VAT and the VAT in it, by rate where the order has more than one. */
function VatLines({ order }: { order: TrackedOrder }) {
  const { translate } = usePublicI18n();
  if (order.vat === undefined || order.total_excl_vat === undefined) return null;
  const taxed = (order.vat_by_class ?? []).filter((row) => row.vat_class === 'standard');
  const rows: [string, number][] = [
    [translate('billing.public.total_excl_vat'), order.total_excl_vat],
    ...(taxed.length > 0
      ? taxed.map((row): [string, number] => [translate('billing.public.vat_at', { rate: formatRate(row.rate_bp) }), row.vat])
      : [[translate('billing.public.vat'), order.vat] as [string, number]]),
  ];
  return (
    <Box sx={{ mt: 1, color: 'text.secondary' }} data-testid="tracking-vat">
      {rows.map(([label, cents]) => (
        <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', fontSize: 14 }}>
          <span>{label}</span>
          <span>{formatMoney(cents)}</span>
        </Box>
      ))}
    </Box>
  );
}

/** Each delivery of the order: when it left, and who signed for it when (no signature image: the page is public). */
function TrackedDeliveries({ deliveries }: { deliveries: TrackedOrder['deliveries'] }) {
  const { translate } = usePublicI18n();
  if (deliveries.length === 0) return null;
  return (
    <Box component="section" sx={{ mt: 2 }} aria-label={translate('orders.tracking.deliveries')}>
      <Typography variant="subtitle2" component="h2">
        {translate('orders.tracking.deliveries')}
      </Typography>
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="tracking-deliveries">
        {deliveries.map((delivery) => (
          <Box component="li" key={delivery.number} sx={{ py: 0.5 }}>
            <Typography variant="body2">{translate('orders.tracking.delivery', { number: delivery.number, date: formatDateTime(delivery.created_at) })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {delivery.signed_by && delivery.delivered_at
                ? translate('orders.tracking.delivery_signed', { name: delivery.signed_by, date: formatDateTime(delivery.delivered_at) })
                : translate('orders.tracking.delivery_on_its_way')}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
