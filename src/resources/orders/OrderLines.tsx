import { Box, List, ListItem, Stack, Table, TableBody, TableContainer, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FigureLines, type Figure } from '../shared/FigureLines';
import { formatMoney } from '../../i18n/format';
import { footerSx, vatLabel } from '../billing/DocumentParts';
import { usePropertyValueChoices } from '../products/usePropertyValueChoices';
import { Facts } from '../shared/ResponsiveDatagrid';
import { useIsPhone } from '../shared/useIsPhone';
import { Panel } from './Panel';
import type { OrderDetails } from './types';

/**
 * The order's lines at the prices frozen when they were ordered, each with its VAT, then the total
 * without VAT, the VAT (per rate where the order has several) and the total.
 */
export function OrderLines({ order }: { order: OrderDetails }) {
  const translate = useTranslate();
  const { choices } = usePropertyValueChoices();
  const valueName = (id: number) => choices.find((choice) => choice.id === id)?.name ?? `#${id}`;
  const isPhone = useIsPhone();
  if (isPhone) return <PhoneOrderLines order={order} valueName={valueName} />;
  const footRow = (label: string, cents: number, testId: string, strong = false) => (
    <TableRow key={testId}>
      <TableCell colSpan={5} align="right" sx={{ color: 'text.primary', fontWeight: strong ? 700 : undefined, borderBottom: 0 }}>
        {label}
      </TableCell>
      <TableCell align="right" data-testid={testId} sx={{ color: 'text.primary', fontWeight: strong ? 700 : undefined, whiteSpace: 'nowrap', borderBottom: 0 }}>
        {formatMoney(cents)}
      </TableCell>
    </TableRow>
  );
  return (
    <Panel title="orders.view.lines">
    <TableContainer>
      <Table size="small" aria-label={translate('orders.view.lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('orders.view.product')}</TableCell>
            <TableCell>{translate('orders.view.options')}</TableCell>
            <TableCell align="right">{translate('orders.view.quantity')}</TableCell>
            <TableCell align="right">{translate('orders.view.unit_price')}</TableCell>
            <TableCell align="right">{translate('billing.lines.vat')}</TableCell>
            <TableCell align="right">{translate('orders.view.line_total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.map((line, i) => (
            <TableRow key={`${line.product_id}-${i}`}>
              <TableCell>
                {line.product_name}
                <Typography variant="caption" color="text.secondary" component="div">
                  {line.sku}
                </Typography>
              </TableCell>
              <TableCell>{line.property_value_ids.map(valueName).join(', ')}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">{formatMoney(line.unit_price)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {line.vat === undefined ? '—' : formatMoney(line.vat)}
                {line.vat_class && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {vatLabel(translate, line.vat_class, line.rate_bp)}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{formatMoney(line.line_total)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter sx={footerSx}>
          {totalsOf(order, translate).map(([label, cents, testId]) => footRow(label, cents, testId))}
          {footRow(translate('orders.view.total'), order.total, 'order-total', true)}
          {order.prices_include_vat !== undefined && (
            <TableRow>
              <TableCell colSpan={6} align="right" sx={{ borderBottom: 0 }}>
                <Typography variant="caption" color="text.secondary">
                  {translate(order.prices_include_vat ? 'billing.document.prices_incl' : 'billing.document.prices_excl')}
                </Typography>
              </TableCell>
            </TableRow>
          )}
        </TableFooter>
      </Table>
    </TableContainer>
    </Panel>
  );
}

/** The total without VAT, the VAT (per rate where there are several) and the total, as label and amount. */
function totalsOf(order: OrderDetails, translate: (key: string, options?: Record<string, unknown>) => string): Figure[] {
  const byClass = order.vat_by_class ?? [];
  const rows: Figure[] = [];
  if (order.total_excl_vat !== undefined) rows.push([translate('billing.orders.total_excl_vat'), order.total_excl_vat, 'order-total-excl-vat']);
  if (byClass.length > 1) {
    for (const row of byClass) rows.push([translate('billing.orders.vat_at', { rate: vatLabel(translate, row.vat_class, row.rate_bp) }), row.vat, `order-vat-${row.vat_class}-${row.rate_bp}`]);
  } else if (order.vat !== undefined) rows.push([translate('billing.orders.vat'), order.vat, 'order-vat']);
  return rows;
}

/** The lines on a phone: a block each (product, options, quantity at price, VAT, line total) instead of six columns. */
function PhoneOrderLines({ order, valueName }: { order: OrderDetails; valueName: (id: number) => string }) {
  const translate = useTranslate();
  return (
    <Panel title="orders.view.lines">
      <List disablePadding aria-label={translate('orders.view.lines')}>
        {order.lines.map((line, i) => (
          <ListItem key={`${line.product_id}-${i}`} disableGutters divider sx={{ display: 'block' }}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
              <Box>
                {line.product_name}
                <Typography variant="caption" color="text.secondary" component="div">
                  {[line.sku, ...line.property_value_ids.map(valueName)].join(' · ')}
                </Typography>
              </Box>
              <Typography sx={{ whiteSpace: 'nowrap' }}>{formatMoney(line.line_total)}</Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              <Facts
                parts={[
                  `${line.quantity} × ${formatMoney(line.unit_price)}`,
                  line.vat !== undefined && `${translate('billing.lines.vat')} ${line.vat_class ? vatLabel(translate, line.vat_class, line.rate_bp) : ''}: ${formatMoney(line.vat)}`,
                ]}
              />
            </Typography>
          </ListItem>
        ))}
      </List>
      <FigureLines figures={totalsOf(order, translate)} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', pt: 1 }}>
        <strong>{translate('orders.view.total')}</strong>
        <strong data-testid="order-total">{formatMoney(order.total)}</strong>
      </Stack>
    </Panel>
  );
}
