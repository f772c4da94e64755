import { useState, type FormEvent } from 'react';
import { Alert, Box, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { vatClasses, type VatClass } from '../../../shared/billing/vat';
import { formatMoney } from '../../i18n/format';
import { ApiError } from '../../providers/http';
import { LabelButton } from '../shared/LabelButton';
import { issueDebitNote } from './calls';
import { MoneyField } from './FormFields';
import type { BillingDocument } from './types';

/**
 * A debit note on an invoice (admin): what was under-charged, the amount with VAT, its VAT class
 * and the reason. Final once issued, so it asks once more.
 */
export function DebitNoteDialog({ invoice, onClose, onIssued }: { invoice: BillingDocument; onClose: () => void; onIssued: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [vatClass, setVatClass] = useState<VatClass>('standard');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; errors: Record<string, string> } | null>(null);
  const ready = description.trim().length > 0 && amount !== null && amount > 0 && reason.trim().length >= 3;

  async function issue() {
    setBusy(true);
    setFailure(null);
    try {
      const note = await issueDebitNote({ invoice_id: invoice.id, description: description.trim(), amount: amount!, vat_class: vatClass, reason: reason.trim() });
      notify('billing.debit_note.issued', { type: 'success', messageArgs: { number: note.number } });
      onIssued();
      onClose();
    } catch (error) {
      setFailure({ message: (error as Error).message, errors: error instanceof ApiError ? error.errors : {} });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) setConfirming(true);
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="debit-note-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="debit-note-title">{translate('billing.debit_note.title', { number: invoice.number })}</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure.message || translate('ra.notification.http_error')}
            </Alert>
          )}
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={translate('billing.debit_note.description')}
              name="description"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              required
              error={Boolean(failure?.errors.description)}
              helperText={failure?.errors.description}
              slotProps={{ htmlInput: { maxLength: 300, dir: 'auto' } }}
            />
            <MoneyField
              label={translate('billing.debit_note.amount')}
              name="amount"
              value={amount}
              onChange={setAmount}
              required
              serverError={failure?.errors.amount}
              helperText={translate('billing.debit_note.amount_hint')}
            />
            <TextField select label={translate('billing.debit_note.vat_class')} name="vat_class" value={vatClass} onChange={(event) => setVatClass(event.target.value as VatClass)}>
              {vatClasses.map((id) => (
                <MenuItem key={id} value={id}>
                  {translate(`billing.vat_classes.${id}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('billing.debit_note.reason')}
              name="reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              multiline
              minRows={2}
              error={Boolean(failure?.errors.reason)}
              helperText={failure?.errors.reason ?? translate('billing.form.reason_hint', { min: 3 })}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <LabelButton label="ra.action.cancel" onClick={onClose} />
          <LabelButton label="billing.debit_note.issue" type="submit" variant="contained" disabled={!ready || busy} />
        </DialogActions>
      </Box>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={translate('billing.debit_note.confirm_title', { number: invoice.number })}
        content={translate('billing.debit_note.confirm_content', { amount: amount === null ? '' : formatMoney(amount) })}
        confirm="billing.debit_note.issue"
        onConfirm={() => void issue()}
        onClose={() => setConfirming(false)}
      />
    </Dialog>
  );
}
