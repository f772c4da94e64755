import { Chip, Typography, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDate } from '../../i18n/format';
import { ageOf, isFollowUpDue, leadSources, leadStatuses, memberTypes, type Lead, type LeadStatus } from './leads';

/** Choices for inputs and filters, labelled through `membership.*` messages. */
export const leadStatusChoices = leadStatuses.map((id) => ({ id, name: `membership.statuses.${id}` }));
export const leadSourceChoices = leadSources.map((id) => ({ id, name: `membership.sources.${id}` }));
export const memberTypeChoices = memberTypes.map((id) => ({ id, name: `members.types.${id}` }));

export const leadStatusColours: Record<LeadStatus, ChipProps['color']> = {
  new: 'default',
  contacted: 'info',
  qualified: 'primary',
  converted: 'success',
  lost: 'error',
};

export function LeadStatusChip({ status }: { status?: LeadStatus }) {
  const translate = useTranslate();
  const record = useRecordContext<Lead>();
  const value = status ?? record?.status;
  if (!value) return null;
  return <Chip size="small" color={leadStatusColours[value]} label={translate(`membership.statuses.${value}`)} />;
}

export function LeadSourceField() {
  const translate = useTranslate();
  const record = useRecordContext<Lead>();
  return record ? <>{translate(`membership.sources.${record.source}`)}</> : null;
}

export function MemberTypeField() {
  const translate = useTranslate();
  const record = useRecordContext<Lead>();
  return record?.client_type ? <>{translate(`members.types.${record.client_type}`)}</> : null;
}

/** How long a request has been waiting ("3 days"). */
export function AgeField({ createdAt }: { createdAt?: string }) {
  const translate = useTranslate();
  const record = useRecordContext<Lead>();
  const since = createdAt ?? record?.created_at;
  if (!since) return null;
  const age = ageOf(since);
  return <span title={formatDate(since)}>{translate(`membership.age.${age.key}`, { smart_count: age.count })}</span>;
}

/** A phone number on one line, in its own order inside right-to-left pages. */
export function PhoneField() {
  const record = useRecordContext<Lead>();
  return record?.phone ? <bdi style={{ whiteSpace: 'nowrap' }}>{record.phone}</bdi> : null;
}

/** The follow-up date, marked when it has come; `labelled` says what the date is (on a board card). */
export function FollowUpField({ lead, labelled = false }: { lead?: Lead; labelled?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<Lead>();
  const value = lead ?? record;
  if (!value?.follow_up_at) return null;
  const due = isFollowUpDue(value);
  return due ? (
    <Chip size="small" color="warning" variant="outlined" label={translate('membership.leads.due', { date: formatDate(value.follow_up_at) })} />
  ) : (
    <Typography variant="body2" component="span" color="text.secondary">
      {labelled ? translate('membership.leads.follow_up', { date: formatDate(value.follow_up_at) }) : formatDate(value.follow_up_at)}
    </Typography>
  );
}
