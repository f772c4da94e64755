import { useState } from 'react';
import { useLiveRefresh } from '../shared/useLiveRefresh';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { Link } from 'react-router-dom';
import CloseIcon from '@mui/icons-material/Close';
import { FunctionField, ListBase, NumberField, Pagination, TextField, useTranslate, type Identifier } from 'react-admin';
import { formatDateTime } from '../../i18n/format';
import { DateField } from '../shared/DateField';
import { EmptyText, SectionCard } from '../shared/SectionCard';
import { isActive } from './sendFigures';
import { SendProgress } from './SendProgress';
import { SendStatusChip } from './SendStatusChip';
import { formatPortalDateTime } from './portalTime';
import type { MailingSend } from './types';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

/** Past sends are re-read while one of them still runs (a safety net: their live events move the figures first; not for one scheduled days ahead). */
const REFRESH_MS = 15_000;

/** A send's progress, opened from the past sends. */
export function SendProgressDialog({ sendId, onClose }: { sendId: number; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="send-dialog-title">
      <DialogTitle id="send-dialog-title" sx={{ pe: 6 }}>
        {translate('mailing.send.title_one', { id: sendId })}
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', insetInlineEnd: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <SendProgress sendId={sendId} />
      </DialogContent>
      <DialogActions>
        <ReportLink sendId={sendId} />
      </DialogActions>
    </Dialog>
  );
}

/** To the send's engagement report: its own page, so it does not open the row's progress too. */
function ReportLink({ sendId }: { sendId: number }) {
  const translate = useTranslate();
  return (
    <Button component={Link} to={`/mailing-sends/${sendId}/report`} size="small" aria-label={translate('engagement.report.open_label', { id: sendId })} onClick={(event) => event.stopPropagation()}>
      {translate('engagement.report.open')}
    </Button>
  );
}

/** On a phone: when and where a send went, its state, and its figures. */
const phoneRowFor = (show: 'list' | 'template'): PhoneRow<MailingSend> => ({
  primaryText: (send) => (show === 'list' ? send.mailing_list_name : send.template_name),
  tertiaryText: (send) => <SendStatusChip status={send.status} />,
  secondaryText: (send) => <Facts parts={[send.status === 'scheduled' && send.scheduled_at ? formatPortalDateTime(send.scheduled_at) : formatDateTime(send.created_at), `${send.sent} / ${send.total}`]} />,
});

/**
 * The sends of a list or of a template (crm/mailingsends), newest first, with their figures;
 * a row opens its progress. `show` names the other side of each send.
 */
export function PastSends({ filter, show }: { filter: { mailing_list_id: number } | { template_id: number }; show: 'list' | 'template' }) {
  const [opened, setOpened] = useState<number | null>(null);
  useLiveRefresh('mailing-sends');
  const open = (id: Identifier) => {
    setOpened(Number(id));
    return false as const;
  };
  return (
    <SectionCard title="mailing.sends.title">
      <ListBase<MailingSend>
        resource="mailing-sends"
        filter={filter}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        disableSyncWithLocation
        storeKey={false}
        queryOptions={{ refetchInterval: (query) => (query.state.data?.data.some((send) => isActive(send.status) && send.status !== 'scheduled') ? REFRESH_MS : false) }}
      >
        <ResponsiveDatagrid phone={phoneRowFor(show)} rowClick={open} bulkActionButtons={false} empty={<EmptyText message="mailing.sends.none" />}>
          <DateField source="created_at" showTime sortable={false} />
          {show === 'list' ? <TextField source="mailing_list_name" sortable={false} /> : <TextField source="template_name" sortable={false} />}
          <FunctionField<MailingSend> source="status" sortable={false} render={(send) => <SendStatusChip status={send.status} />} />
          <NumberField source="sent" sortable={false} />
          <NumberField source="failed" sortable={false} />
          <NumberField source="total" sortable={false} />
          <NumberField source="bounced" sortable={false} />
          <FunctionField<MailingSend> source="scheduled_at" sortable={false} render={(send) => (send.scheduled_at ? formatPortalDateTime(send.scheduled_at) : '—')} />
          <DateField source="finished_at" showTime sortable={false} emptyText="—" />
          <FunctionField<MailingSend> label="engagement.report.open" sortable={false} render={(send) => (send.status === 'scheduled' ? null : <ReportLink sendId={send.id} />)} />
        </ResponsiveDatagrid>
        <Pagination rowsPerPageOptions={[10]} />
      </ListBase>
      {opened !== null && <SendProgressDialog sendId={opened} onClose={() => setOpened(null)} />}
    </SectionCard>
  );
}
