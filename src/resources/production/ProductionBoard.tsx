import { useState } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, Stack, TextField, Typography } from '@mui/material';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { useSelectedBranch } from '../../providers/branchSelection';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { ActionDialog } from '../billing/ActionDialog';
import { PageHeading } from '../shared/PageHeading';
import { SectionCard, EmptyText } from '../shared/SectionCard';
import { useApiGet } from '../shared/useApiGet';
import { useFailureNotice } from '../shared/failureNotice';
import { completeWorkOrder, createWorkOrder, type PlanRow, type WorkOrder } from './calls';
import { NoBreak, useTranslateNodes } from '../../i18n/translateNodes';

const columns = ['open', 'in_progress', 'done'] as const;

/** "Record made": part or all of what is left; the server refuses more than is left, beside the field. */
function MadeDialog({ order, onClose, onDone }: { order: WorkOrder; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const translateNodes = useTranslateNodes();
  const notify = useNotify();
  const left = order.quantity - order.made;
  const [made, setMade] = useState(String(left));
  const quantity = /^\d{1,6}$/.test(made.trim()) ? Number(made.trim()) : null;
  return (
    <ActionDialog
      title={translateNodes('production.made.title', { number: <NoBreak>{order.number}</NoBreak>, product: <bdi>{order.product_name}</bdi> })}
      submit="production.made.submit"
      ready={quantity !== null && quantity >= 1}
      action={async () => {
        await completeWorkOrder(order.id, quantity!);
        notify('production.made.done', { type: 'success' });
        onDone();
      }}
      onClose={onClose}
    >
      {(failure) => (
        <TextField
          label={translate('production.made.quantity', { left })}
          name="quantity"
          value={made}
          onChange={(event) => setMade(event.target.value)}
          required
          autoFocus
          fullWidth
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          error={Boolean(failure?.errors.quantity)}
          helperText={failure?.errors.quantity ?? translate('production.made.hint')}
        />
      )}
    </ActionDialog>
  );
}

function WorkOrderCard({ order, onMade }: { order: WorkOrder; onMade: (order: WorkOrder) => void }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }} data-testid="work-order">
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {order.number} · <bdi>{order.product_name}</bdi>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('production.board.made_of', { made: order.made, quantity: order.quantity })}
          {order.planned_for ? ` · ${translate('production.board.planned_for', { date: order.planned_for })}` : ''}
        </Typography>
      </CardContent>
      {order.status !== 'done' && (
        <CardActions>
          <Button size="small" onClick={() => onMade(order)}>
            {translate('production.made.open')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/**
 * /production (admins and production): what to make in the selected branch — the backorders no
 * work order covers yet, each made into a work order in one click — and the work orders on a
 * board (open, in progress, done), where what is made is recorded.
 */
export default function ProductionBoard() {
  const core = useCore();
  const translate = useTranslate();
  const notify = useNotify();
  const failed = useFailureNotice();
  const branch = useSelectedBranch(core?.branch_config ?? []);
  const title = usePortalTitle('production');
  const plan = useApiGet<{ data: PlanRow[] }>('api/production/plan', { branch_id: branch });
  const orders = useApiGet<{ data: WorkOrder[]; total: number }>('api/production/workorders', { branch_id: branch, perPage: 200, sort: 'id', order: 'DESC' });
  const [recording, setRecording] = useState<WorkOrder | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const refetch = () => {
    plan.refetch();
    orders.refetch();
  };

  async function make(row: PlanRow) {
    setBusy(row.id);
    try {
      const made = await createWorkOrder({ branch_id: row.branch_id, product_id: row.product_id, quantity: row.to_make });
      notify('production.plan.created', { type: 'success', messageArgs: { number: made.number } });
      refetch();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  const error = plan.error ?? orders.error;
  const toMake = (plan.data?.data ?? []).filter((row) => row.to_make > 0);
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <PageHeading>{title}</PageHeading>
      {error && <Alert severity="error">{error.message || translate('ra.notification.http_error')}</Alert>}
      {!error && (!plan.data || !orders.data) && <Loading />}
      {plan.data && (
        <SectionCard title="production.plan.title">
          {toMake.length === 0 ? (
            <EmptyText message="production.plan.nothing" />
          ) : (
            <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
              {toMake.map((row) => (
                <Box component="li" key={row.id} sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }} data-testid="plan-row">
                  <Box>
                    <Typography variant="subtitle2" component="h3">
                      <bdi>{row.product_name}</bdi>
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {translate('production.plan.figures', { demand: row.demand, in_production: row.in_production, available: row.available })}
                    </Typography>
                  </Box>
                  <Button variant="contained" size="small" disabled={busy === row.id} onClick={() => void make(row)}>
                    {translate('production.plan.make', { quantity: row.to_make })}
                  </Button>
                </Box>
              ))}
            </Stack>
          )}
        </SectionCard>
      )}
      {orders.data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {columns.map((status) => {
            const inColumn = orders.data!.data.filter((order) => order.status === status);
            return (
              <SectionCard key={status} title={`production.status.${status}`} subheader={String(inColumn.length)}>
                {inColumn.length === 0 ? (
                  <EmptyText message="production.board.empty" />
                ) : (
                  <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
                    {inColumn.map((order) => (
                      <WorkOrderCard key={order.id} order={order} onMade={setRecording} />
                    ))}
                  </Stack>
                )}
              </SectionCard>
            );
          })}
        </Box>
      )}
      {recording && <MadeDialog order={recording} onClose={() => setRecording(null)} onDone={refetch} />}
    </Stack>
  );
}
