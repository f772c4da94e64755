import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SendStatus } from './types';

const colours: Record<SendStatus, ChipProps['color']> = { scheduled: 'secondary', running: 'info', paused: 'warning', cancelled: 'default', done: 'success' };

export function SendStatusChip({ status }: { status: SendStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={colours[status] ?? 'default'} label={translate(`mailing.send.statuses.${status}`, { _: status })} />;
}
