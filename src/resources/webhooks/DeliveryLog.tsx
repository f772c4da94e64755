import ReplayIcon from '@mui/icons-material/Replay';
import { Chip, type ChipProps } from '@mui/material';
import { FunctionField, NumberField, Pagination, ReferenceManyField, TextField, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../i18n/format';
import { useApiAction } from '../shared/useApiAction';
import { DateField } from '../shared/DateField';
import { EmptyText, RowAction, SectionCard } from '../shared/SectionCard';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { eventLabel, type WebhookDelivery } from './types';

const colours: Record<WebhookDelivery['status'], ChipProps['color']> = { pending: 'default', retrying: 'warning', succeeded: 'success', failed: 'error' };
/** Deliveries move on their own (the job worker): read the log again now and then. */
const REFRESH_MS = 5000;

function StatusChip() {
  const translate = useTranslate();
  const delivery = useRecordContext<WebhookDelivery>();
  if (!delivery) return null;
  return <Chip size="small" color={colours[delivery.status] ?? 'default'} label={translate(`webhooks.statuses.${delivery.status}`, { _: delivery.status })} />;
}

function EventName() {
  const translate = useTranslate();
  const delivery = useRecordContext<WebhookDelivery>();
  return delivery ? <>{translate(eventLabel(delivery.event), { _: delivery.event })}</> : null;
}

/** The last try's answer: its HTTP status and the start of its body, or why there was none. */
function Answer() {
  const delivery = useRecordContext<WebhookDelivery>();
  if (!delivery) return null;
  const text = delivery.response_status !== null ? `${delivery.response_status} ${delivery.response_body ?? ''}`.trim() : (delivery.error ?? '—');
  return (
    <bdi dir="ltr" style={{ wordBreak: 'break-word', display: 'inline-block', maxWidth: 360, maxHeight: '4.5em', overflow: 'hidden' }}>
      {text}
    </bdi>
  );
}

/** Sends a delivery again, same id and body (webhooks/redeliver). */
function RedeliverButton() {
  const delivery = useRecordContext<WebhookDelivery>();
  const redeliver = useApiAction<{ id: WebhookDelivery['id'] }>('api/webhooks/redeliver', { success: 'webhooks.redelivered', refresh: true });
  // A delivery still waiting or retrying has its tries queued already.
  if (!delivery || delivery.status === 'pending' || delivery.status === 'retrying') return null;
  const again = () => {
    if (!redeliver.isPending) void redeliver.run({ id: delivery.id });
  };
  return <RowAction label="webhooks.redeliver" icon={<ReplayIcon />} onClick={again} />;
}

const phoneRow: PhoneRow<WebhookDelivery> = {
  primaryText: () => <EventName />,
  tertiaryText: () => <StatusChip />,
  secondaryText: (delivery) => <Facts parts={[formatDateTime(delivery.created_at), delivery.response_status ?? delivery.error, `× ${delivery.attempts}`]} />,
  actions: () => <RedeliverButton />,
};

/** An endpoint's deliveries, newest first: each event, its state, tries, and the last answer. */
export function DeliveryLog() {
  return (
    <SectionCard title="webhooks.deliveries">
      <ReferenceManyField
        reference="webhook-deliveries"
        target="endpoint_id"
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
        queryOptions={{ refetchInterval: REFRESH_MS }}
      >
        <ResponsiveDatagrid phone={phoneRow} bulkActionButtons={false} rowClick={false} empty={<EmptyText message="webhooks.no_deliveries" />}>
          <DateField source="created_at" showTime />
          <FunctionField source="event" render={() => <EventName />} />
          <FunctionField source="status" render={() => <StatusChip />} />
          <NumberField source="attempts" sortable={false} />
          <FunctionField source="response_status" sortable={false} render={() => <Answer />} />
          <NumberField source="duration_ms" sortable={false} emptyText="—" />
          <TextField source="id" sortable={false} sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }} />
          <RedeliverButton />
        </ResponsiveDatagrid>
      </ReferenceManyField>
    </SectionCard>
  );
}
