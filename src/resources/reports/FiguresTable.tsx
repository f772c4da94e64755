import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import type { SalesFigures } from './salesReport';

export interface FiguresRow {
  key: string;
  label: string;
  figures: SalesFigures;
  compare?: SalesFigures;
}

/**
 * The figures of a chart as a table under it: what a screen reader reads and what a printout
 * shows. Money follows the portal's money format; a phone scrolls the table sideways.
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
                {row.label}
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
