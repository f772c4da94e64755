import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useCore } from '../../providers/useCore';

const statusColours: Record<string, ChipProps['color']> = {
  requested: 'default',
  approved: 'info',
  pending_payment: 'warning',
  active: 'success',
  expired: 'error',
};

/** The membership state as a coloured chip. */
export function MembershipStatusChip({ status }: { status?: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const value = status ?? (record?.membership_status as string | undefined);
  if (!value) return null;
  return <Chip size="small" color={statusColours[value] ?? 'default'} label={translate(`members.statuses.${value}`)} />;
}

export function ClientTypeField() {
  const translate = useTranslate();
  const record = useRecordContext();
  return record?.type ? <>{translate(`members.types.${record.type}`)}</> : null;
}

/** The branch's name from core data. */
export function BranchName({ id }: { id?: number | null }) {
  const core = useCore();
  const translate = useTranslate();
  const record = useRecordContext();
  const branchId = id === undefined ? (record?.branch_id as number | null | undefined) : id;
  if (branchId == null) return <>{translate('members.view.no_branch')}</>;
  return <>{core?.branch_config.find((branch) => branch.id === branchId)?.name ?? `#${branchId}`}</>;
}
