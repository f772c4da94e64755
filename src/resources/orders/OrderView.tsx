import { useEffect, useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Card, CardContent, Grid, Link, Stack, Typography } from '@mui/material';
import { Confirm, Loading, Title, useGetOne, useTranslate, type HttpError } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { formatDateTime } from '../../i18n/format';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { OrderInvoice } from '../billing/OrderInvoice';
import { CourierTimeline, hasCourierNews } from '../courier/CourierTimeline';
import { OrderDeliveries } from '../deliveries/OrderDeliveries';
import { CommentWidget } from './CommentWidget';
import { CourierForm } from './CourierForm';
import { OrderLines } from './OrderLines';
import { OrderHistory, TrackingLink } from './OrderSidePanels';
import { OrderWorkflow } from './OrderWorkflow';
import { OrderAgainButton } from './OrderAgain';
import { StatusChip } from './StatusChip';
import type { OrderDetails } from './types';
import { useApiAction } from '../shared/useApiAction';
import { useLiveRefresh } from '../shared/useLiveRefresh';
import { shipsGoods } from '../../../shared/deliveries/proof';

/**
 * /orders/view/order/{id} and /client/view/order/{id}: one order. An order the caller may not
 * see answers 404, and so does this page (it goes to /404).
 */
export default function OrderView() {
  const { orderid } = useParams();
  const id = Number(orderid);
  const valid = Number.isInteger(id) && id > 0;
  const translate = useTranslate();
  const navigate = useNavigate();
  const core = useCore();
  const pageTitle = usePortalTitle('order');
  const [deleting, setDeleting] = useState(false);
  const { data: order, error, refetch } = useGetOne<OrderDetails>('orders', { id }, { enabled: valid, retry: false });
  // Its status, courier, courier events and history as others change them.
  useLiveRefresh('orders', id);
  const remove = useApiAction('api/orders/delete', {
    success: 'orders.view.deleted',
    onSuccess: () => navigate('/orders'),
    onSettled: () => setDeleting(false),
  });

  useEffect(() => {
    if (!valid || (error as HttpError | null)?.status === 404) navigate('/404', { replace: true });
  }, [valid, error, navigate]);

  if (!order || order.lines === undefined) return error ? null : <Loading />;
  const role = core?.user.role.role_name;
  const runsWorkflow = role === 'admin' || role === 'production';
  const branch = core?.branch_config.find((b) => b.id === order.branch_id)?.name ?? '';
  const reload = () => void refetch();

  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={`${pageTitle} ${order.reference}`} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {translate('orders.view.title', { reference: order.reference })}
        </Typography>
        <StatusChip status={order.status} size="medium" testId="order-status" />
        <OrderAgainButton role={role} order={order} />
        {role === 'admin' && (order.status === 'new' || order.status === 'cancelled') && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
            {translate('orders.view.delete')}
          </Button>
        )}
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Typography variant="overline" color="text.secondary" component="p">
                {translate('orders.view.client')}
              </Typography>
              {role === 'admin' ? (
                <Link component={RouterLink} to={`/clients/view/${order.client_id}`}>
                  {order.client_name}
                </Link>
              ) : (
                <Typography>{order.client_name}</Typography>
              )}
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Typography variant="overline" color="text.secondary" component="p">
                {translate('orders.view.created')}
              </Typography>
              <Typography>{formatDateTime(order.created_at)}</Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <Typography variant="overline" color="text.secondary" component="p">
                {translate('orders.view.branch')}
              </Typography>
              <Typography>{branch}</Typography>
            </Grid>
            <Grid size={12}>
              <TrackingLink order={order} />
            </Grid>
            <Grid size={12}>
              <Typography variant="overline" color="text.secondary" component="p">
                {translate('orders.view.notes')}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{order.notes || translate('orders.view.no_notes')}</Typography>
            </Grid>
          </Grid>
        </CardContent>
      </Card>
      <OrderWorkflow order={order} canChange={runsWorkflow} onChanged={reload} />
      <OrderLines order={order} />
      {order.invoice !== undefined && <OrderInvoice order={order} isAdmin={role === 'admin'} onIssued={reload} />}
      {shipsGoods(role) && <OrderDeliveries order={order} isAdmin={role === 'admin'} onChanged={reload} />}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2}>
            {runsWorkflow && <CourierForm order={order} onSaved={reload} />}
            <Card variant="outlined">
              <CardContent>
                <CommentWidget orderId={order.id} />
              </CardContent>
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            {hasCourierNews(order) && (
              <Card variant="outlined">
                <CardContent>
                  <CourierTimeline tracking={order} translate={translate} />
                </CardContent>
              </Card>
            )}
            <OrderHistory order={order} />
          </Stack>
        </Grid>
      </Grid>
      <Confirm
        isOpen={deleting}
        title={translate('orders.view.delete_title', { reference: order.reference })}
        content={translate('orders.view.delete_content')}
        onConfirm={() => void remove.run({ id })}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
