import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ageingBuckets, type Ageing } from '../../../shared/billing/accounts';
import { formatMoney } from '../../i18n/format';
import { useIsPhone } from '../shared/useIsPhone';

/**
 * What is owed by how late it is: not yet due, then 1–30 … over 120 days past due, and the total. The
 * buckets add up to the balance (credit not yet allocated counts against the current bucket).
 */
export function AgeingTable({ ageing, caption, compact = false }: { ageing: Ageing; caption?: string; compact?: boolean }) {
  const translate = useTranslate();
  const total = ageingBuckets.reduce((sum, bucket) => sum + ageing[bucket], 0);
  const isPhone = useIsPhone();
  const late = (bucket: (typeof ageingBuckets)[number]) => (bucket !== 'current' && ageing[bucket] > 0 ? 'error.main' : undefined);
  if (isPhone || compact) {
    // Six columns do not fit a phone (or a dashboard's narrow card): a bucket a line, as a list of
    // terms and amounts (a phone screen holds no table, tests/e2e/phones.spec.ts).
    const line = { display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, borderBottom: 1, borderColor: 'divider' } as const;
    return (
      <Box component="dl" aria-label={caption ?? translate('billing.ageing.title')} data-testid="ageing" sx={{ m: 0 }}>
        {ageingBuckets.map((bucket) => (
          <Box key={bucket} sx={line}>
            <Typography component="dt" variant="body2">
              {translate(`billing.ageing.${bucket}`)}
            </Typography>
            <Typography component="dd" variant="body2" data-testid={`ageing-${bucket}`} sx={{ m: 0, color: late(bucket), whiteSpace: 'nowrap' }}>
              {formatMoney(ageing[bucket])}
            </Typography>
          </Box>
        ))}
        <Box sx={line}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
            {translate('billing.ageing.total')}
          </Typography>
          <Typography component="dd" variant="body2" data-testid="ageing-total" sx={{ m: 0, fontWeight: 700, whiteSpace: 'nowrap' }}>
            {formatMoney(total)}
          </Typography>
        </Box>
      </Box>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={caption ?? translate('billing.ageing.title')} data-testid="ageing">
        <TableHead>
          <TableRow>
            {ageingBuckets.map((bucket) => (
              <TableCell key={bucket} align="right">
                {translate(`billing.ageing.${bucket}`)}
              </TableCell>
            ))}
            <TableCell align="right">{translate('billing.ageing.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            {ageingBuckets.map((bucket) => (
              <TableCell key={bucket} align="right" data-testid={`ageing-${bucket}`} sx={{ color: late(bucket), whiteSpace: 'nowrap' }}>
                {formatMoney(ageing[bucket])}
              </TableCell>
            ))}
            <TableCell align="right" data-testid="ageing-total" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {formatMoney(total)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
