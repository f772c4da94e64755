import { Link, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../i18n/format';
import type { SalesFigures } from './salesReport';

export interface FiguresRow {
  key: string;
  label: string;
  figures: SalesFigures;
  compare?: SalesFigures;
  /** The invoices behind the row (its chart bar's drill-down), when there are any. */
  to?: string | null;
}

/**
 * The figures of a chart as a table under it: what a screen reader reads and what a printout
 * shows. Money follows the portal's money format; a phone scrolls the table sideways. A row's
 * name links to the invoices behind it, the keyboard's way to what a click on its bar opens.
 */
export function FiguresTable({ caption, rows, totals, comparing }: { caption: string; rows: FiguresRow[]; totals: FiguresRow; comparing: boolean }) {
  const translate = useTranslate();
  const cells = (row: FiguresRow) => (
    <>
      <TableCell align="right">{row.figures.quantity}</TableCell>
      <TableCell align="right">{formatMoney(row.figures.net)}</TableCell>
      <TableCell align="right">{formatMoney(row.figures.vat)}</TableCell>
      <TableCell align="right">{formatMoney(row.figures.total)}</TableCell>
      <TableCell align="right">{row.figures.documents}</TableCell>
      {comparing && <TableCell align="right">{formatMoney(row.compare?.net ?? 0)}</TableCell>}
    </>
  );
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <caption>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {translate('reports.columns.label')}
            </TableCell>
            {(['quantity', 'net', 'vat', 'total', 'documents'] as const).map((column) => (
              <TableCell key={column} component="th" scope="col" align="right">
                {translate(`reports.columns.${column}`)}
              </TableCell>
            ))}
            {comparing && (
              <TableCell component="th" scope="col" align="right">
                {translate('reports.columns.compare_net')}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {row.to ? (
                  <Link component={RouterLink} to={row.to} aria-label={translate('reports.invoices_behind', { label: row.label })}>
                    {row.label}
                  </Link>
                ) : (
                  row.label
                )}
              </TableCell>
              {cells(row)}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row">
              {totals.label}
            </TableCell>
            {cells(totals)}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
