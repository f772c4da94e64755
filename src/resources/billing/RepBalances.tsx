import { Card, CardContent, CardHeader } from '@mui/material';
import { ListBase, Pagination, useTranslate } from 'react-admin';
import { DebtorColumns, DebtorTotals } from './DebtorList';

/**
 * A reseller's clients with their balances by age (billing/debtors keeps a reseller to its own
 * clients), on its page; a row opens the client's statement.
 */
export function RepBalances() {
  const translate = useTranslate();
  return (
    <Card data-testid="rep-balances">
      <CardHeader title={translate('billing.debtors.rep_title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <ListBase resource="debtors" sort={{ field: 'balance', order: 'DESC' }} perPage={10} disableSyncWithLocation storeKey={false}>
          <DebtorTotals />
          <DebtorColumns />
          <Pagination rowsPerPageOptions={[10, 25, 50]} />
        </ListBase>
      </CardContent>
    </Card>
  );
}
