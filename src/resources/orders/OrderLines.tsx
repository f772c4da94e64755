import { Table, TableBody, TableContainer, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { usePropertyValueChoices } from '../products/usePropertyValueChoices';
import { Panel } from './Panel';
import type { OrderDetails } from './types';

/** The order's lines at the prices frozen when they were ordered, and the total. */
export function OrderLines({ order }: { order: OrderDetails }) {
  const translate = useTranslate();
  const { choices } = usePropertyValueChoices();
  const valueName = (id: number) => choices.find((choice) => choice.id === id)?.name ?? `#${id}`;
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
              <TableCell align="right">{formatMoney(line.line_total)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={4} align="right">
              <strong>{translate('orders.view.total')}</strong>
            </TableCell>
            <TableCell align="right" data-testid="order-total">
              <strong>{formatMoney(order.total)}</strong>
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
    </Panel>
  );
}
