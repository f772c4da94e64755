import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ageingBuckets, type Ageing } from '../../../shared/billing/accounts';
import { formatMoney } from '../../i18n/format';
import { useIsPhone } from '../shared/useIsPhone';

/**
 * What is owed by how late it is: current, 30, 60, 90 and 120+ days past due, and the total. The
 * buckets add up to the balance (credit not yet allocated counts against the current bucket).
 */
export function AgeingTable({ ageing, caption }: { ageing: Ageing; caption?: string }) {
  const translate = useTranslate();
  const total = ageingBuckets.reduce((sum, bucket) => sum + ageing[bucket], 0);
  const isPhone = useIsPhone();
  const late = (bucket: (typeof ageingBuckets)[number]) => (bucket !== 'current' && ageing[bucket] > 0 ? 'error.main' : undefined);
  if (isPhone) {
    // Six columns do not fit a phone: a bucket a row.
    return (
      <Table size="small" aria-label={caption ?? translate('billing.ageing.title')} data-testid="ageing">
        <TableBody>
          {ageingBuckets.map((bucket) => (
            <TableRow key={bucket}>
              <TableCell component="th" scope="row">
                {translate(`billing.ageing.${bucket}`)}
              </TableCell>
              <TableCell align="right" data-testid={`ageing-${bucket}`} sx={{ color: late(bucket), whiteSpace: 'nowrap' }}>
                {formatMoney(ageing[bucket])}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
              {translate('billing.ageing.total')}
            </TableCell>
            <TableCell align="right" data-testid="ageing-total" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {formatMoney(total)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
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
