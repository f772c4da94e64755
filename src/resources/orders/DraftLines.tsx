import DeleteIcon from '@mui/icons-material/Delete';
import { Box, IconButton, List, ListItem, MenuItem, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { footerSx } from '../billing/DocumentParts';
import type { PropertyRecord } from '../products/usePropertyValueChoices';
import { FigureLines, type Figure } from '../shared/FigureLines';
import { useIsPhone } from '../shared/useIsPhone';
import type { DraftLine, Quote } from './useOrderQuote';
import { AvailabilityChip } from '../stock/AvailabilityChip';
import type { ProductAvailability } from '../stock/types';

interface Props {
  lines: DraftLine[];
  properties: PropertyRecord[];
  quote: Quote | null;
  pending: boolean;
  /** Why the server could not price the draft, if it could not. */
  failure: string | null;
  /** No connection: no quote; the total is the server's when the order is sent. */
  offline?: boolean;
  onChange: (index: number, line: DraftLine) => void;
  onRemove: (index: number) => void;
  /** In stock / low / backordered per product, where known. */
  availability?: Map<number, ProductAvailability>;
}

interface LineProps {
  line: DraftLine;
  properties: PropertyRecord[];
  onChange: (line: DraftLine) => void;
}

/** A value for each property the product offers. */
function LineOptions({ line, properties, onChange }: LineProps) {
  const offeredProperties = properties.filter((p) => p.values.some((v) => line.offered.includes(v.id)));
  return offeredProperties.map((property) => {
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
          onChange({ ...line, property_value_ids: picked ? [...others, picked] : others });
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
  });
}

function Quantity({ line, onChange }: Omit<LineProps, 'properties'>) {
  const translate = useTranslate();
  return (
    <TextField
      type="number"
      size="small"
      value={Number.isFinite(line.quantity) ? line.quantity : ''}
      error={!(line.quantity >= 1)}
      onChange={(event) => onChange({ ...line, quantity: Math.floor(Number(event.target.value)) })}
      slotProps={{ htmlInput: { min: 1, max: 100000, step: 1, 'aria-label': `${translate('orders.create.quantity')} ${line.name}` } }}
      sx={{ width: 100 }}
    />
  );
}

function RemoveLine({ line, onRemove }: { line: DraftLine; onRemove: () => void }) {
  const translate = useTranslate();
  return (
    <IconButton aria-label={translate('orders.create.remove_line', { name: line.name })} onClick={onRemove}>
      <DeleteIcon />
    </IconButton>
  );
}

function ProductName({ line, availability }: { line: DraftLine; availability?: Map<number, ProductAvailability> }) {
  return (
    <>
      {line.name}
      <Typography variant="caption" color="text.secondary" component="div">
        {line.sku}
      </Typography>
      <AvailabilityChip availability={availability?.get(line.product_id)} />
    </>
  );
}

function Total({ quote, pending, failure, offline }: Pick<Props, 'quote' | 'pending' | 'failure' | 'offline'>) {
  const translate = useTranslate();
  if (offline) {
    return (
      <Typography component="span" variant="body2" data-testid="draft-total-offline">
        {translate('offline.prices_offline')}
      </Typography>
    );
  }
  if (failure !== null && !pending) {
    return (
      <Typography component="span" color="error" role="alert" variant="body2">
        {translate('orders.create.quote_failed', { message: failure })}
      </Typography>
    );
  }
  return <strong>{quote && !pending ? formatMoney(quote.total) : translate('orders.create.total_pending')}</strong>;
}

/**
 * The quote's amount without VAT and its VAT, above the total; nothing while the server
 * is pricing or could not.
 */
function VatFigures({ quote, pending, failure, asRows }: Pick<Props, 'quote' | 'pending' | 'failure'> & { asRows: boolean }) {
  const translate = useTranslate();
  if (!quote || pending || failure !== null || quote.vat === undefined) return null;
  const figures: Figure[] = [
    [translate('billing.orders.total_excl_vat'), quote.total_excl_vat, 'draft-total-excl-vat'],
    [translate('billing.orders.vat'), quote.vat, 'draft-vat'],
  ];
  if (asRows) {
    return figures.map(([label, cents, testId]) => (
      <TableRow key={testId}>
        <TableCell colSpan={4} align="right" sx={{ color: 'text.primary', borderBottom: 0 }}>
          {label}
        </TableCell>
        <TableCell align="right" data-testid={testId} sx={{ color: 'text.primary', borderBottom: 0, whiteSpace: 'nowrap' }}>
          {formatMoney(cents)}
        </TableCell>
        <TableCell sx={{ borderBottom: 0 }} />
      </TableRow>
    ));
  }
  return <FigureLines figures={figures} />;
}

/** The basket: per line a value for each property the product offers, the quantity, and the server's prices. */
type PricedLine = Quote['lines'][number] | undefined;

/** The server's price; offline, the last one the picker showed (the total note says so), else an ellipsis while it is asked. */
const unitPrice = (line: DraftLine, priced: PricedLine, offline?: boolean) =>
  priced ? formatMoney(priced.unit_price) : offline && line.price !== undefined ? formatMoney(line.price) : '…';
const lineTotal = (line: DraftLine, priced: PricedLine, offline?: boolean) =>
  priced ? formatMoney(priced.line_total) : offline && line.price !== undefined ? formatMoney(line.price * line.quantity) : '…';

export function DraftLines(props: Props) {
  const translate = useTranslate();
  const isPhone = useIsPhone();
  if (props.lines.length === 0) return <Typography color="text.secondary">{translate('orders.create.no_lines')}</Typography>;
  return isPhone ? <PhoneLines {...props} /> : <TableLines {...props} />;
}

function TableLines({ lines, properties, quote, pending, failure, offline, onChange, onRemove, availability }: Props) {
  const translate = useTranslate();
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
          return (
            <TableRow key={index}>
              <TableCell>
                <ProductName line={line} availability={availability} />
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                <LineOptions line={line} properties={properties} onChange={(next) => onChange(index, next)} />
              </TableCell>
              <TableCell align="right">
                <Quantity line={line} onChange={(next) => onChange(index, next)} />
              </TableCell>
              <TableCell align="right">{unitPrice(line, priced, offline)}</TableCell>
              <TableCell align="right">{lineTotal(line, priced, offline)}</TableCell>
              <TableCell>
                <RemoveLine line={line} onRemove={() => onRemove(index)} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
      <TableFooter sx={footerSx}>
        <VatFigures quote={quote} pending={pending} failure={failure} asRows />
        <TableRow>
          <TableCell colSpan={4} align="right">
            <strong>{translate('orders.create.total')}</strong>
          </TableCell>
          <TableCell align="right" data-testid="draft-total">
            <Total quote={quote} pending={pending} failure={failure} offline={offline} />
          </TableCell>
          <TableCell />
        </TableRow>
      </TableFooter>
    </Table>
  );
}

/**
 * The basket on a phone: one block per line (product, its options, quantity and prices under
 * each other) instead of six columns that would run off the screen; the total below.
 */
function PhoneLines({ lines, properties, quote, pending, failure, offline, onChange, onRemove, availability }: Props) {
  const translate = useTranslate();
  return (
    <Box>
      <List disablePadding aria-label={translate('orders.create.products')}>
        {lines.map((line, index) => {
          const priced = quote?.lines[index];
          return (
            <ListItem key={index} disableGutters divider sx={{ display: 'block' }} data-testid="draft-line">
              <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
                <Box>
                  <ProductName line={line} availability={availability} />
                </Box>
                <RemoveLine line={line} onRemove={() => onRemove(index)} />
              </Stack>
              <LineOptions line={line} properties={properties} onChange={(next) => onChange(index, next)} />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
                <Quantity line={line} onChange={(next) => onChange(index, next)} />
                <Typography variant="body2" color="text.secondary">
                  × {unitPrice(line, priced, offline)}
                </Typography>
                <Typography variant="body2">{lineTotal(line, priced, offline)}</Typography>
              </Stack>
            </ListItem>
          );
        })}
      </List>
      <VatFigures quote={quote} pending={pending} failure={failure} asRows={false} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', pt: 1 }}>
        <strong>{translate('orders.create.total')}</strong>
        <span data-testid="draft-total">
          <Total quote={quote} pending={pending} failure={failure} offline={offline} />
        </span>
      </Stack>
    </Box>
  );
}
