import { useLiveRefresh } from '../shared/useLiveRefresh';
import ReplayIcon from '@mui/icons-material/Replay';
import { Chip, type ChipProps } from '@mui/material';
import {
  Button,
  FunctionField,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatDateTime } from '../../i18n/format';
import { DateField } from '../shared/DateField';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { useApiAction } from '../shared/useApiAction';
import { EmptyText } from '../shared/SectionCard';
import { PageHeading } from '../shared/PageHeading';
import type { QueueStatus, QueuedMail } from '../mailing-lists/types';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

export const queueStatuses: QueueStatus[] = ['queued', 'running', 'done', 'failed', 'cancelled'];
const statusChoices = queueStatuses.map((id) => ({ id, name: `mailing.queue.statuses.${id}` }));
const colours: Record<QueueStatus, ChipProps['color']> = { queued: 'default', running: 'info', done: 'success', failed: 'error', cancelled: 'default' };
/** The queue moves on its own: its live events refresh it; this re-read covers a lost stream. */
const REFRESH_MS = 30_000;

function QueueStatusChip() {
  const translate = useTranslate();
  const mail = useRecordContext<QueuedMail>();
  if (!mail) return null;
  return <Chip size="small" color={colours[mail.status] ?? 'default'} label={translate(`mailing.queue.statuses.${mail.status}`, { _: mail.status })} />;
}

/** Puts a failed mail back in the queue (crm/retrymail). */
function RetryButton() {
  const mail = useRecordContext<QueuedMail>();
  const retry = useApiAction<{ id: QueuedMail['id'] }>('api/crm/retrymail', { success: 'mailing.queue.retried', refresh: true });
  if (!mail || mail.status !== 'failed') return null;
  return (
    <Button label="mailing.queue.retry" onClick={() => void retry.run({ id: mail.id })} disabled={retry.isPending}>
      <ReplayIcon />
    </Button>
  );
}

/** On a phone: the subject and the mail's state, to whom and when under it, and a retry if it failed. */
const phoneRow: PhoneRow<QueuedMail> = {
  primaryText: (mail) => mail.subject,
  tertiaryText: () => <QueueStatusChip />,
  secondaryText: (mail) => <Facts parts={[mail.to, formatDateTime(mail.created_at)]} />,
  actions: () => <RetryButton />,
};

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

/**
 * /mail-queue: every mail the portal sends goes through the jobs queue (password resets, order
 * dispatch, membership mail, list sends): what waits, what went and what failed, with the error.
 */
export default function MailQueueList() {
  const title = usePortalTitle('mail_queue');
  useLiveRefresh('mail-queue');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List
        title={title}
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        exporter={false}
        queryOptions={{ refetchInterval: REFRESH_MS }}
        // The filters stay when nothing matches.
        empty={false}
      >
        <ResponsiveDatagrid phone={phoneRow} bulkActionButtons={false} rowClick={false} empty={<EmptyText message="mailing.queue.none" />}>
          <DateField source="created_at" showTime sortable={false} />
          <FunctionField source="to" sortable={false} render={(mail: QueuedMail) => <bdi>{mail.to}</bdi>} />
          <TextField source="subject" sortable={false} />
          <FunctionField source="status" sortable={false} render={() => <QueueStatusChip />} />
          <NumberField source="attempts" sortable={false} />
          <TextField source="last_error" sortable={false} emptyText="—" sx={{ wordBreak: 'break-word' }} />
          <DateField source="finished_at" showTime sortable={false} emptyText="—" />
          <RetryButton />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
