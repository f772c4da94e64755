import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DashboardCard } from './DashboardCard';
import { useProductionQueue } from './useProductionQueue';

/** What production has to make (confirmed orders' backorders no work order covers yet, as on the production plan), by product, most first. No money. */
export function ToMakeCard() {
  const translate = useTranslate();
  const { data, error, refetch } = useProductionQueue();
  const rows = data?.data ?? [];
  return (
    <DashboardCard id="to-make" title={translate('reports.dashboard.to_make')} ready={data !== null} error={error} retry={refetch}>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate('reports.dashboard.nothing_to_make')}</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <caption>{translate('reports.dashboard.to_make_caption')}</caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {translate('reports.dashboard.product')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {translate('reports.columns.quantity')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {translate('reports.dashboard.orders')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.product_id} data-testid={`to-make-${row.product_id}`}>
                  <TableCell component="th" scope="row">
                    {row.name}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {row.sku}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{row.quantity}</TableCell>
                  <TableCell align="right">{row.orders}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </DashboardCard>
  );
}
