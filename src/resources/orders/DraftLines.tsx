import DeleteIcon from '@mui/icons-material/Delete';
import { IconButton, MenuItem, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import type { PropertyRecord } from '../products/usePropertyValueChoices';
import type { DraftLine, Quote } from './useOrderQuote';

interface Props {
  lines: DraftLine[];
  properties: PropertyRecord[];
  quote: Quote | null;
  pending: boolean;
  onChange: (index: number, line: DraftLine) => void;
  onRemove: (index: number) => void;
}

/** The basket: per line a value for each property the product offers, the quantity, and the server's prices. */
export function DraftLines({ lines, properties, quote, pending, onChange, onRemove }: Props) {
  const translate = useTranslate();
  if (lines.length === 0) return <Typography color="text.secondary">{translate('orders.create.no_lines')}</Typography>;
  return (
    <Table size="small" aria-label={translate('orders.create.products')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('orders.view.product')}</TableCell>
          <TableCell>{translate('orders.view.options')}</TableCell>
          <TableCell align="right">{translate('orders.create.quantity')}</TableCell>
          <TableCell align="right">{translate('orders.create.unit_price')}</TableCell>
          <TableCell align="right">{translate('orders.create.line_total')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line, index) => {
          const priced = quote?.lines[index];
          const offeredProperties = properties.filter((p) => p.values.some((v) => line.offered.includes(v.id)));
          return (
            <TableRow key={index}>
              <TableCell>
                {line.name}
                <Typography variant="caption" color="text.secondary" component="div">
                  {line.sku}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                {offeredProperties.map((property) => {
                  const chosen = property.values.find((v) => line.property_value_ids.includes(v.id))?.id ?? '';
                  return (
                    <TextField
                      key={property.id}
                      select
                      size="small"
                      label={property.name}
                      value={chosen}
                      sx={{ minWidth: 120, mr: 1, my: 0.5 }}
                      onChange={(event) => {
                        const others = line.property_value_ids.filter((id) => !property.values.some((v) => v.id === id));
                        const picked = Number(event.target.value);
                        onChange(index, { ...line, property_value_ids: picked ? [...others, picked] : others });
                      }}
                    >
                      <MenuItem value="">—</MenuItem>
                      {property.values
                        .filter((v) => line.offered.includes(v.id))
                        .map((v) => (
                          <MenuItem key={v.id} value={v.id}>
                            {v.value}
                          </MenuItem>
                        ))}
                    </TextField>
                  );
                })}
              </TableCell>
              <TableCell align="right">
                <TextField
                  type="number"
                  size="small"
                  value={Number.isFinite(line.quantity) ? line.quantity : ''}
                  error={!(line.quantity >= 1)}
                  onChange={(event) => onChange(index, { ...line, quantity: Math.floor(Number(event.target.value)) })}
                  slotProps={{ htmlInput: { min: 1, max: 100000, step: 1, 'aria-label': `${translate('orders.create.quantity')} ${line.name}` } }}
                  sx={{ width: 100 }}
                />
              </TableCell>
              <TableCell align="right">{priced ? formatMoney(priced.unit_price) : '…'}</TableCell>
              <TableCell align="right">{priced ? formatMoney(priced.line_total) : '…'}</TableCell>
              <TableCell>
                <IconButton aria-label={translate('orders.create.remove_line', { name: line.name })} onClick={() => onRemove(index)}>
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={4} align="right">
            <strong>{translate('orders.create.total')}</strong>
          </TableCell>
          <TableCell align="right" data-testid="draft-total">
            <strong>{quote && !pending ? formatMoney(quote.total) : translate('orders.create.total_pending')}</strong>
          </TableCell>
          <TableCell />
        </TableRow>
      </TableFooter>
    </Table>
  );
}
