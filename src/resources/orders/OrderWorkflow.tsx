import { useState } from 'react';
import { Alert, Box, Button, Stack, Step, StepLabel, Stepper, useMediaQuery, type Theme } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { apiPost, ApiError } from '../../providers/http';
import { forwardStatuses, type OrderStatus } from './statuses';
import { Panel } from './Panel';
import type { OrderDetails } from './types';

/**
 * Where the order stands in the workflow, and a button for each status the server says comes
 * next (admin and production only). Cancelling asks first: it cannot be undone.
 */
export function OrderWorkflow({ order, canChange, onChanged }: { order: OrderDetails; canChange: boolean; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const active = order.status === 'cancelled' ? -1 : forwardStatuses.indexOf(order.status);
  // Six steps side by side need about 480 px: on a phone they go down the page instead of off its edge.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  async function move(status: OrderStatus) {
    setBusy(true);
    try {
      await apiPost('api/orders/updatestatus', { id: order.id, status });
      notify('orders.view.moved', { type: 'success', messageArgs: { status: translate(`orders.status.${status}`) } });
    } catch (error) {
      notify(error instanceof ApiError && error.status === 409 ? 'orders.view.conflict' : (error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(null);
      onChanged();
    }
  }

  return (
    <Panel title="orders.view.workflow">
    {order.status === 'cancelled' ? (
      <Alert severity="error">{translate('orders.view.cancelled_banner')}</Alert>
    ) : (
      <Box sx={{ overflowX: 'auto', pb: 1 }}>
        <Stepper activeStep={active} alternativeLabel={!phone} orientation={phone ? 'vertical' : 'horizontal'}>
          {forwardStatuses.map((status, i) => (
            <Step key={status} completed={i < active || order.status === 'delivered'}>
              <StepLabel>{translate(`orders.status.${status}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      </Box>
    )}
    {canChange && order.next_statuses.length > 0 && (
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        {order.next_statuses.map((status) => (
          <Button
            key={status}
            variant={status === 'cancelled' ? 'outlined' : 'contained'}
            color={status === 'cancelled' ? 'error' : 'primary'}
            disabled={busy}
            onClick={() => (status === 'cancelled' ? setConfirming(status) : void move(status))}
          >
            {translate('orders.view.move_to', { status: translate(`orders.status.${status}`) })}
          </Button>
        ))}
      </Stack>
    )}
    <Confirm
      isOpen={confirming !== null}
      loading={busy}
      title={translate('orders.view.cancel_title', { reference: order.reference })}
      content={translate('orders.view.cancel_content')}
      onConfirm={() => confirming && void move(confirming)}
      onClose={() => setConfirming(null)}
    />
    </Panel>
  );
}
