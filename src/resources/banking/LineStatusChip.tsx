import { Chip, Stack, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { bankLineStatuses, type BankLineStatus, type StatementTotals } from '../../../shared/banking/records';

const colours: Record<BankLineStatus, ChipProps['color']> = { matched: 'success', suggested: 'warning', unmatched: 'error', ignored: 'default' };

/** A bank line's state: matched (its payment recorded), suggested, unmatched or ignored (the theme's colours pass AA as chips). */
export function LineStatusChip({ status }: { status: BankLineStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={colours[status]} label={translate(`banking.status.${status}`)} data-status={status} />;
}

/** How many of a statement's lines are in each state, the states that have any. */
export function LineCounts({ totals }: { totals: StatementTotals }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {bankLineStatuses
        .filter((status) => totals[status] > 0)
        .map((status) => (
          <Chip key={status} size="small" color={colours[status]} label={`${translate(`banking.status.${status}`)}: ${totals[status]}`} />
        ))}
    </Stack>
  );
}
