import { Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatMoney } from '../i18n/format';
import { overdueOf, type Ageing } from '../../shared/billing/accounts';
import { AgeingTable } from '../resources/billing/AgeingTable';
import { useApiGet } from '../resources/shared/useApiGet';
import { DashboardCard } from './DashboardCard';
import { filteredListPath } from '../resources/shared/filteredListPath';

/** What clients owe past its due date, from billing's ageing (every debtor's totals), with the buckets and a way to the debtors. */
export function OverdueCard() {
  const translate = useTranslate();
  const { data, error, refetch } = useApiGet<{ totals: Ageing }>('api/billing/debtors', { page: 1, perPage: 1 });
  return (
    <DashboardCard
      id="overdue"
      title={translate('reports.dashboard.overdue')}
      ready={data !== null}
      error={error}
      retry={refetch}
      actions={
        <Button component={Link} to={filteredListPath('/debtors', { overdue: true })}>
          {translate('reports.dashboard.overdue_debtors')}
        </Button>
      }
    >
      {data && (
        <>
          <Typography variant="h4" component="p" data-testid="overdue-amount" color={overdueOf(data.totals) > 0 ? 'error' : undefined}>
            {formatMoney(overdueOf(data.totals))}
          </Typography>
          <AgeingTable ageing={data.totals} caption={translate('reports.dashboard.overdue')} compact />
        </>
      )}
    </DashboardCard>
  );
}
