import { useEffect, useRef, useState } from 'react';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import SendIcon from '@mui/icons-material/Send';
import { Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Button, Confirm, useGetList, useTranslate } from 'react-admin';
import { SectionCard } from '../shared/SectionCard';
import { useApiAction } from '../shared/useApiAction';
import { isActive } from './sendFigures';
import { SendProgress } from './SendProgress';
import { newIdempotencyKey, startSend } from './startSend';
import { isoToPortalLocal, portalLocalToIso } from '../../../shared/mailing/deliverability';
import { formatPortalDateTime } from './portalTime';
import type { EmailTemplate, MailingList, MailingSend } from './types';

/** The recipients of a send: the list's members less those who unsubscribed or whose address bounces (the server skips them). */
export const recipientCount = (list: Pick<MailingList, 'client_count' | 'unsubscribed_count' | 'undeliverable_count'>) =>
  Math.max(0, list.client_count - list.unsubscribed_count - (list.undeliverable_count ?? 0));

/**
 * Send a template to the list: pick it, see how many will get it, optionally a later date and time
 * (Africa/Johannesburg's clock, whatever the browser's zone), confirm. Each confirmed click
 * has its own Idempotency-Key (a retried request stays one send) and the button is off while the
 * request is out. The running send of the list, just started or found on opening, shows below.
 */
export function SendPanel({ list }: { list: MailingList }) {
  const translate = useTranslate();
  const [templateId, setTemplateId] = useState<number | ''>('');
  /** `datetime-local` text on the portal zone's clock; empty: send now. */
  const [later, setLater] = useState('');
  const [confirming, setConfirming] = useState(false);
  // A second click before the first has re-rendered the button must not start a second send.
  const inFlight = useRef(false);
  const [started, setStarted] = useState<number | null>(null);
  const start = useApiAction(
    ({ templateId: chosen, at }: { templateId: number; at: string | null }) => startSend(list.id, chosen, newIdempotencyKey(), at),
    {
      refresh: true,
      onSuccess: (created) => {
        setStarted(created.id);
        setLater('');
      },
      onSettled: () => {
        inFlight.current = false;
        setConfirming(false);
      },
    },
  );
  const posting = start.isPending;
  const { data: templates = [] } = useGetList<EmailTemplate>('email-templates', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } });
  const { data: latest = [] } = useGetList<MailingSend>('mailing-sends', {
    filter: { mailing_list_id: list.id },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'DESC' },
  });
  const running = latest[0] && isActive(latest[0].status) ? latest[0].id : null;
  // A send shown here stays until the screen is left: one that ends (finished, or cancelled here)
  // shows how it ended instead of vanishing when the list of sends is read again.
  const [seen, setSeen] = useState<number | null>(null);
  useEffect(() => {
    if (running !== null) setSeen(running);
  }, [running]);
  const shown = started ?? running ?? seen;
  const recipients = recipientCount(list);
  const template = templates.find((candidate) => candidate.id === templateId);
  const scheduledAt = later ? portalLocalToIso(later) : null;
  const laterInvalid = later !== '' && (scheduledAt === null || new Date(scheduledAt).getTime() <= Date.now());

  const send = () => {
    if (!template || inFlight.current) return;
    inFlight.current = true;
    void start.run({ templateId: template.id, at: scheduledAt });
  };

  return (
    <SectionCard title="mailing.send.panel">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={translate('mailing.send.template')}
          value={templateId}
          onChange={(event) => setTemplateId(Number(event.target.value))}
          sx={{ minWidth: 220, flex: 1 }}
          helperText={templates.length === 0 ? translate('mailing.send.no_templates') : undefined}
        >
          {templates.map((candidate) => (
            <MenuItem key={candidate.id} value={candidate.id}>
              {candidate.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography data-testid="recipient-count" sx={{ flexShrink: 0 }}>
          {translate('mailing.send.recipients', { smart_count: recipients })}
          {list.unsubscribed_count > 0 && (
            <Typography component="span" color="text.secondary">
              {' '}
              {translate('mailing.send.unsubscribed_skipped', { smart_count: list.unsubscribed_count })}
            </Typography>
          )}
          {list.undeliverable_count > 0 && (
            <Typography component="span" color="text.secondary" data-testid="undeliverable-skipped">
              {' '}
              {translate('mailing.send.undeliverable_skipped', { smart_count: list.undeliverable_count })}
            </Typography>
          )}
        </Typography>
        <TextField
          type="datetime-local"
          size="small"
          label={translate('mailing.send.send_later')}
          value={later}
          onChange={(event) => setLater(event.target.value)}
          error={laterInvalid}
          helperText={translate(laterInvalid ? 'mailing.send.later_in_past' : 'mailing.send.later_hint')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: isoToPortalLocal(new Date()), 'data-testid': 'send-later' } }}
          sx={{ minWidth: 220 }}
        />
        {/* aria-label: on a phone react-admin draws a disabled Button as an icon without its label. */}
        <Button
          label={scheduledAt ? 'mailing.send.schedule' : 'mailing.send.send_now'}
          aria-label={translate(scheduledAt ? 'mailing.send.schedule' : 'mailing.send.send_now')}
          variant="contained"
          onClick={() => setConfirming(true)}
          disabled={!template || recipients === 0 || posting || laterInvalid}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {scheduledAt ? <ScheduleSendIcon /> : <SendIcon />}
        </Button>
      </Stack>
      {shown !== null && (
        <>
          <Divider sx={{ my: 2 }} />
          <SendProgress key={shown} sendId={shown} />
        </>
      )}
      <Confirm
        isOpen={confirming}
        loading={posting}
        title={scheduledAt ? 'mailing.send.schedule_confirm_title' : 'mailing.send.confirm_title'}
        content={scheduledAt ? 'mailing.send.schedule_confirm_content' : 'mailing.send.confirm_content'}
        translateOptions={{ template: template?.name ?? '', list: list.name, smart_count: recipients, at: scheduledAt ? formatPortalDateTime(scheduledAt) : '' }}
        confirm={scheduledAt ? 'mailing.send.schedule' : 'mailing.send.send_now'}
        onConfirm={send}
        onClose={() => !posting && setConfirming(false)}
      />
    </SectionCard>
  );
}
