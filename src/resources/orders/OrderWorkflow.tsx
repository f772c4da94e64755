import { useState } from 'react';
import { Alert, Box, Button, Stack, Step, StepLabel, Stepper, useMediaQuery, type Theme } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import { ApiError, apiPost } from '../../providers/http';
import { useApiAction } from '../shared/useApiAction';
import { forwardStatuses, type OrderStatus } from './statuses';
import { Panel } from './Panel';
import type { OrderDetails } from './types';

/**
 * Where the order stands in the workflow, and a button for each status the server says comes
 * next (admin and production only). Cancelling asks first: it cannot be undone.
 */
export function OrderWorkflow({ order, canChange, onChanged }: { order: OrderDetails; canChange: boolean; onChanged: () => void }) {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  // Whatever the answer, the order is read again: a refused move (409) means it moved elsewhere.
  const move = useApiAction((status: OrderStatus) => apiPost('api/orders/updatestatus', { id: order.id, status }), {
    success: (_, status) => ({ message: 'orders.view.moved', args: { status: translate(`orders.status.${status}`) } }),
    failureMessage: (error) => (error instanceof ApiError && error.status === 409 ? 'orders.view.conflict' : undefined),
    onSettled: () => {
      setConfirming(null);
      onChanged();
    },
  });
  const busy = move.isPending;
  const active = order.status === 'cancelled' ? -1 : forwardStatuses.indexOf(order.status);
  // Six steps side by side need about 480 px: on a phone they go down the page instead of off its edge.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

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
            onClick={() => (status === 'cancelled' ? setConfirming(status) : void move.run(status))}
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
      onConfirm={() => confirming && void move.run(confirming)}
      onClose={() => setConfirming(null)}
    />
    </Panel>
  );
}
