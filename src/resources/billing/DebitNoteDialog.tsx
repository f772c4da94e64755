import { useState } from 'react';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { vatClasses, type VatClass } from '../../../shared/billing/vat';
import type { BillingDocument } from '../../../shared/billing/records';
import { formatMoney } from '../../i18n/format';
import { ActionDialog } from './ActionDialog';
import { issueDebitNote } from './calls';
import { MoneyField, ReasonField } from './FormFields';
import { NoBreak, useTranslateNodes } from '../../i18n/translateNodes';

/**
 * A debit note on an invoice (admin): what was under-charged, the amount with VAT, its VAT class
 * and the reason. Final once issued, so it asks once more.
 */
export function DebitNoteDialog({ invoice, onClose, onIssued }: { invoice: BillingDocument; onClose: () => void; onIssued: () => void }) {
  const translate = useTranslate();
  const translateNodes = useTranslateNodes();
  const notify = useNotify();
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [vatClass, setVatClass] = useState<VatClass>('standard');
  const [reason, setReason] = useState('');
  const ready = description.trim().length > 0 && amount !== null && amount > 0 && reason.trim().length >= 3;

  async function issue() {
    const note = await issueDebitNote({ invoice_id: invoice.id, description: description.trim(), amount: amount!, vat_class: vatClass, reason: reason.trim() });
    notify('billing.debit_note.issued', { type: 'success', messageArgs: { number: note.number } });
    onIssued();
  }

  return (
    <ActionDialog
      title={translateNodes('billing.debit_note.title', { number: <NoBreak>{invoice.number}</NoBreak> })}
      submit="billing.debit_note.issue"
      ready={ready}
      confirm={{
        title: translate('billing.debit_note.confirm_title', { number: invoice.number }),
        content: translate('billing.debit_note.confirm_content', { amount: amount === null ? '' : formatMoney(amount) }),
      }}
      action={issue}
      onClose={onClose}
    >
      {(failure) => (
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
          <ReasonField label={translate('billing.debit_note.reason')} value={reason} onChange={setReason} serverError={failure?.errors.reason} />
        </Stack>
      )}
    </ActionDialog>
  );
}
