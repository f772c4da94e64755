import { useState } from 'react';
import { FormControlLabel, Radio, RadioGroup, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { ActionDialog } from '../billing/ActionDialog';
import { adjustStock } from './calls';
import type { StockLevel } from './types';

/** An integer as typed (a leading minus allowed), or null. */
const wholeNumber = (text: string): number | null => (/^-?\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * "Adjust / count" of one item: a signed change (units found, broken, taken) or the total just
 * counted (sent as its difference with what is on hand), with a reason, confirmed before it is
 * sent. The server refuses a change that would leave less on hand than zero or than is reserved,
 * and says so beside the field.
 */
export function AdjustDialog({ level, onClose, onDone }: { level: StockLevel; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [mode, setMode] = useState<'adjustment' | 'count'>('adjustment');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const typed = wholeNumber(amount);
  const change = typed === null ? null : mode === 'count' ? typed - level.on_hand : typed;
  const ready = change !== null && change !== 0 && (mode === 'adjustment' || typed! >= 0) && reason.trim().length > 0;

  async function save() {
    await adjustStock({ branch_id: level.branch_id, product_id: level.product_id, quantity: change!, reason: reason.trim(), kind: mode });
    notify('stock.adjust.done', { type: 'success' });
    onDone();
  }

  return (
    <ActionDialog
      title={translate('stock.adjust.title', { product: level.product_name, branch: level.branch_name })}
      submit="stock.adjust.submit"
      ready={ready}
      confirm={{ title: translate('stock.adjust.confirm_title'), content: translate('stock.adjust.confirm_content', { change: change ?? 0, product: level.product_name }) }}
      action={save}
      onClose={onClose}
    >
      {(failure) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('stock.adjust.now', { on_hand: level.on_hand, reserved: level.reserved })}
          </Typography>
          <RadioGroup value={mode} onChange={(event) => setMode(event.target.value as 'adjustment' | 'count')} aria-label={translate('stock.adjust.mode')}>
            <FormControlLabel value="adjustment" control={<Radio />} label={translate('stock.adjust.by_change')} />
            <FormControlLabel value="count" control={<Radio />} label={translate('stock.adjust.by_count')} />
          </RadioGroup>
          <MuiTextField
            label={translate(mode === 'count' ? 'stock.adjust.counted' : 'stock.adjust.change')}
            name="quantity"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            required
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            error={Boolean(failure?.errors.quantity) || (amount.trim() !== '' && typed === null)}
            helperText={failure?.errors.quantity ?? translate(mode === 'count' ? 'stock.adjust.count_hint' : 'stock.adjust.change_hint')}
          />
          {/* What a count will change, said before it is sent (the confirmation says it again). */}
          {mode === 'count' && change !== null && (
            <Typography variant="body2" role="status">
              {translate('stock.adjust.difference', { change })}
            </Typography>
          )}
          <MuiTextField
            label={translate('stock.adjust.reason')}
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 500 } }}
            error={Boolean(failure?.errors.reason)}
            helperText={failure?.errors.reason ?? translate('stock.adjust.reason_hint')}
          />
        </Stack>
      )}
    </ActionDialog>
  );
}
