import type { ReactNode } from 'react';
import { Box, Card, CardContent, List, ListItem, Stack, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { Facts } from '../shared/ResponsiveDatagrid';
import { useIsPhone } from '../shared/useIsPhone';
import { formatRate } from './money';
import type { ClassTotals, DocumentLine, Party, VatClass } from '../../../shared/billing/records';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A table's totals read as its body does: MUI's footer cells are smaller and greyed. */
export const footerSx = { '& .MuiTableCell-root': { fontSize: '0.875rem', color: 'text.primary' } } as const;

/** A VAT class as a document shows it: `15 %`, `0 % (zero-rated)`, `Exempt`. */
export function vatLabel(translate: Translate, vatClass: VatClass, rateBp: number): string {
  if (vatClass === 'standard') return formatRate(rateBp);
  return translate(`billing.vat_classes.${vatClass}_short`);
}

/** Supplier or recipient: name, address and VAT number, as the tax invoice states them. */
export function PartyCard({ title, party }: { title: string; party: Party }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="h2">
          {translate(title)}
        </Typography>
        <Typography sx={{ fontWeight: 500 }}>
          <bdi>{party.name}</bdi>
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          <bdi>{party.address}</bdi>
        </Typography>
        {party.vat_number && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('billing.document.vat_number', { number: party.vat_number })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The document's lines: quantity and unit price, the VAT class, and each line's amounts without VAT, VAT and with VAT. */
export function DocumentLines({ lines, showCredited = false }: { lines: DocumentLine[]; showCredited?: boolean }) {
  const translate = useTranslate();
  const isPhone = useIsPhone();
  const heading = (key: string) => translate(`billing.lines.${key}`);
  if (isPhone) return <PhoneLines lines={lines} showCredited={showCredited} />;
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('billing.lines.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{heading('description')}</TableCell>
            <TableCell align="right">{heading('quantity')}</TableCell>
            <TableCell align="right">{heading('unit_price')}</TableCell>
            <TableCell align="right">{heading('vat_rate')}</TableCell>
            <TableCell align="right">{heading('excl_vat')}</TableCell>
            <TableCell align="right">{heading('vat')}</TableCell>
            <TableCell align="right">{heading('total')}</TableCell>
            {showCredited && <TableCell align="right">{heading('credited')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell>
                <bdi>{line.description}</bdi>
                {line.sku && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {line.sku}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <Money>{line.unit_price}</Money>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {vatLabel(translate, line.vat_class, line.rate_bp)}
              </TableCell>
              <Money>{line.total_excl_vat}</Money>
              <Money>{line.vat}</Money>
              <Money>{line.total}</Money>
              {showCredited && <TableCell align="right">{line.credited_quantity ?? 0}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The lines on a phone: one block each (what, how many at what price, its VAT, its total) instead of eight columns. */
function PhoneLines({ lines, showCredited }: { lines: DocumentLine[]; showCredited: boolean }) {
  const translate = useTranslate();
  return (
    <List disablePadding aria-label={translate('billing.lines.title')}>
      {lines.map((line) => (
        <ListItem key={line.id} disableGutters divider sx={{ display: 'block' }}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Box>
              <bdi>{line.description}</bdi>
              <Typography variant="caption" color="text.secondary" component="div">
                {line.sku}
              </Typography>
            </Box>
            <Typography sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>{formatMoney(line.total)}</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            <Facts
              parts={[
                `${line.quantity} × ${formatMoney(line.unit_price)}`,
                `${translate('billing.lines.vat')} ${vatLabel(translate, line.vat_class, line.rate_bp)}: ${formatMoney(line.vat)}`,
                showCredited && (line.credited_quantity ?? 0) > 0 && `${translate('billing.lines.credited')}: ${line.credited_quantity}`,
              ]}
            />
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

function Money({ children, strong = false, testId }: { children: number; strong?: boolean; testId?: string }) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 700 : undefined }} data-testid={testId}>
      {formatMoney(children)}
    </TableCell>
  );
}

/**
 * The totals per VAT class and rate (what s20 asks a tax invoice to show), then the document's
 * totals; `extra` rows follow (what is still owed).
 */
export function ClassTotalsTable({
  byClass,
  totals,
  extra,
}: {
  byClass: ClassTotals[];
  totals: { total_excl_vat: number; vat: number; total: number };
  extra?: ReactNode;
}) {
  const translate = useTranslate();
  const isPhone = useIsPhone();
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('billing.document.totals')} sx={isPhone ? { '& .MuiTableCell-root': { px: 0.75 } } : undefined}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('billing.lines.vat_rate')}</TableCell>
            <TableCell align="right">{translate('billing.lines.excl_vat')}</TableCell>
            <TableCell align="right">{translate('billing.lines.vat')}</TableCell>
            <TableCell align="right">{translate('billing.lines.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {byClass.map((row) => (
            <TableRow key={`${row.vat_class}-${row.rate_bp}`}>
              <TableCell>
                {isPhone ? vatLabel(translate, row.vat_class, row.rate_bp) : translate(`billing.vat_classes.${row.vat_class}`) + (row.vat_class === 'standard' ? ` ${formatRate(row.rate_bp)}` : '')}
              </TableCell>
              <Money>{row.total_excl_vat}</Money>
              <Money>{row.vat}</Money>
              <Money>{row.total}</Money>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter sx={footerSx}>
          <TableRow>
            <TableCell sx={{ fontWeight: 700, color: 'text.primary' }}>{translate('billing.document.total')}</TableCell>
            <Money testId="document-excl-vat">{totals.total_excl_vat}</Money>
            <Money testId="document-vat">{totals.vat}</Money>
            <Money strong testId="document-total">{totals.total}</Money>
          </TableRow>
          {extra}
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** A labelled fact of a document's header (issue date, due date, order). */
export function HeaderFact({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="overline" color="text.secondary" component="p">
        {translate(label)}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}
