import { useMemo, useState } from 'react';
import {
  Checkbox,
  FormControlLabel,
  Radio,
  RadioGroup,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { partOfLine } from '../../../shared/billing/vat';
import { formatMoney } from '../../i18n/format';
import { ActionDialog } from './ActionDialog';
import { ReasonField } from './FormFields';
import { issueCreditNote, type CreditNoteBody } from './calls';
import type { BillingDocument, DocumentLine } from '../../../shared/billing/records';
import { NoBreak, useTranslateNodes } from '../../i18n/translateNodes';

const MIN_REASON = 3;

/** Units of a line no credit note has taken yet. */
export const remainingOf = (line: DocumentLine) => line.quantity - (line.credited_quantity ?? 0);

/**
 * What crediting `quantity` more units of `line` comes to with VAT: the server's rule (partOfLine)
 * on what earlier notes took off the line as they were issued, so the preview is the note's amount.
 */
function creditFor(line: DocumentLine, quantity: number): number {
  const total = line.credited_total ?? 0;
  const vat = line.credited_vat ?? 0;
  return partOfLine(line, quantity, { quantity: line.credited_quantity ?? 0, total, vat, total_excl_vat: total - vat }).total;
}

/**
 * A credit note on an invoice (admin): all that remains, or chosen lines and how many units of
 * each, with the reason the note states. Issuing is final (a note is never changed or deleted),
 * so it asks once more before it sends.
 */
export function CreditNoteDialog({ invoice, onClose, onIssued }: { invoice: BillingDocument; onClose: () => void; onIssued: () => void }) {
  const translate = useTranslate();
  const translateNodes = useTranslateNodes();
  const notify = useNotify();
  const open = invoice.lines.filter((line) => remainingOf(line) > 0);
  const [mode, setMode] = useState<'all' | 'lines'>('all');
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');

  const picked = useMemo(
    () =>
      open
        .filter((line) => chosen[line.id] !== undefined)
        .map((line) => ({ line, quantity: Number(chosen[line.id]) })),
    [open, chosen],
  );
  const badQuantity = (line: DocumentLine) => {
    const text = chosen[line.id];
    if (text === undefined) return false;
    const quantity = Number(text);
    return !(Number.isInteger(quantity) && quantity >= 1 && quantity <= remainingOf(line));
  };
  const linesReady = picked.length > 0 && !open.some(badQuantity);
  const reasonReady = reason.trim().length >= MIN_REASON;
  const ready = reasonReady && (mode === 'all' || linesReady);
  const amount =
    mode === 'all' ? open.reduce((sum, line) => sum + creditFor(line, remainingOf(line)), 0) : linesReady ? picked.reduce((sum, { line, quantity }) => sum + creditFor(line, quantity), 0) : null;

  const body = (): CreditNoteBody =>
    mode === 'all'
      ? { invoice_id: invoice.id, reason: reason.trim() }
      : { invoice_id: invoice.id, lines: picked.map(({ line, quantity }) => ({ invoice_line_id: line.id, quantity })), reason: reason.trim() };

  async function issue() {
    const note = await issueCreditNote(body());
    notify('billing.credit_note.issued', { type: 'success', messageArgs: { number: note.number } });
    onIssued();
  }

  const toggle = (line: DocumentLine) =>
    setChosen((current) => {
      const next = { ...current };
      if (next[line.id] === undefined) next[line.id] = String(remainingOf(line));
      else delete next[line.id];
      return next;
    });

  return (
    <ActionDialog
      title={translateNodes('billing.credit_note.title', { number: <NoBreak>{invoice.number}</NoBreak> })}
      maxWidth="md"
      submit="billing.credit_note.issue"
      ready={ready}
      confirm={{
        title: translate('billing.credit_note.confirm_title', { number: invoice.number }),
        content: translate('billing.credit_note.confirm_content', { amount: amount === null ? '' : formatMoney(amount) }),
      }}
      action={issue}
      onClose={onClose}
    >
      {(failure) => (
        <>
          <RadioGroup value={mode} onChange={(event) => setMode(event.target.value as 'all' | 'lines')} aria-label={translate('billing.credit_note.what')}>
            <FormControlLabel value="all" control={<Radio />} label={translate('billing.credit_note.all')} />
            <FormControlLabel value="lines" control={<Radio />} label={translate('billing.credit_note.lines')} />
          </RadioGroup>
          {mode === 'lines' && (
            <TableContainer sx={{ my: 1 }}>
              <Table size="small" aria-label={translate('billing.credit_note.lines')}>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox" />
                    <TableCell>{translate('billing.lines.description')}</TableCell>
                    <TableCell align="right">{translate('billing.credit_note.remaining')}</TableCell>
                    <TableCell align="right">{translate('billing.credit_note.quantity')}</TableCell>
                    <TableCell align="right">{translate('billing.credit_note.amount')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {open.map((line) => {
                    const selected = chosen[line.id] !== undefined;
                    const bad = badQuantity(line);
                    return (
                      <TableRow key={line.id} selected={selected}>
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={selected}
                            onChange={() => toggle(line)}
                            slotProps={{ input: { 'aria-label': translate('billing.credit_note.credit_line', { name: line.description }) } }}
                          />
                        </TableCell>
                        <TableCell>
                          <bdi>{line.description}</bdi>
                          <Typography variant="caption" color="text.secondary" component="div">
                            {line.sku}
                          </Typography>
                        </TableCell>
                        <TableCell align="right">{remainingOf(line)}</TableCell>
                        <TableCell align="right">
                          <TextField
                            type="number"
                            size="small"
                            disabled={!selected}
                            value={chosen[line.id] ?? ''}
                            error={bad}
                            helperText={bad ? translate('billing.credit_note.quantity_range', { max: remainingOf(line) }) : undefined}
                            onChange={(event) => setChosen((current) => ({ ...current, [line.id]: event.target.value }))}
                            slotProps={{ htmlInput: { min: 1, max: remainingOf(line), step: 1, 'aria-label': translate('billing.credit_note.quantity_of', { name: line.description }) } }}
                            sx={{ width: 110 }}
                          />
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {selected && !bad ? formatMoney(creditFor(line, Number(chosen[line.id]))) : '—'}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <ReasonField
            label={translate('billing.credit_note.reason')}
            value={reason}
            onChange={setReason}
            serverError={failure?.errors.reason}
            min={MIN_REASON}
            fullWidth
            margin="normal"
          />
          <Typography sx={{ mt: 1 }} data-testid="credit-note-amount">
            {amount === null ? translate('billing.credit_note.choose_lines') : translate('billing.credit_note.amount_total', { amount: formatMoney(amount) })}
          </Typography>
        </>
      )}
    </ActionDialog>
  );
}
