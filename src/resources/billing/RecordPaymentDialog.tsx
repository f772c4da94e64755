import { useState, type FormEvent } from 'react';
import { Alert, Box, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { businessDay } from '../../../shared/billing/accounts';
import { formatMoney } from '../../i18n/format';
import { ApiError } from '../../providers/http';
import { ClientPicker, type PickedClient } from '../orders/ClientPicker';
import { LabelButton } from '../shared/LabelButton';
import { AllocationEditor, allocationTrouble, allocationsOf, oldestFirst, type AllocationChoice } from './AllocationEditor';
import { recordPayment } from './calls';
import { DayField, MoneyField } from './FormFields';
import { useOpenInvoices } from './useOpenInvoices';

/**
 * Records a payment the company received (admin): the client, the amount in rand (sent as cents),
 * the bank reference and the day paid, and where it goes: the oldest invoices first or an amount
 * per open invoice; what is left stays as credit. A recorded payment is final, so it asks once
 * more. `client` fixes the client (a client's own page).
 */
export function RecordPaymentDialog({ client: fixedClient, onClose, onRecorded }: { client?: PickedClient; onClose: () => void; onRecorded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [picked, setPicked] = useState<PickedClient | null>(fixedClient ?? null);
  const [amount, setAmount] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const [paidAt, setPaidAt] = useState<string | null>(() => businessDay(new Date()));
  const [choice, setChoice] = useState<AllocationChoice>(oldestFirst);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; errors: Record<string, string> } | null>(null);
  const { invoices, failed } = useOpenInvoices(picked?.id ?? null);

  const ready = picked !== null && amount !== null && amount > 0 && reference.trim() !== '' && paidAt !== null && allocationTrouble(choice, amount, invoices) === null;

  async function record() {
    setBusy(true);
    setFailure(null);
    try {
      const allocations = allocationsOf(choice);
      await recordPayment({ client_id: picked!.id, amount: amount!, reference: reference.trim(), paid_at: paidAt!, ...(allocations === undefined ? {} : { allocations }) });
      notify('billing.payments.recorded', { type: 'success', messageArgs: { amount: formatMoney(amount!), name: picked!.name } });
      onRecorded();
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
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="record-payment-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="record-payment-title">{translate('billing.payments.record')}</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure.message || translate('ra.notification.http_error')}
            </Alert>
          )}
          <Stack spacing={2} sx={{ pt: 1 }}>
            {fixedClient ? (
              <Typography>
                <bdi>{fixedClient.name}</bdi>
              </Typography>
            ) : (
              <ClientPicker
                value={picked}
                onChange={(client) => {
                  setPicked(client);
                  setChoice(oldestFirst);
                }}
              />
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <MoneyField label={translate('resources.payments.fields.amount')} name="amount" value={amount} onChange={setAmount} required serverError={failure?.errors.amount} sx={{ flex: 1 }} />
              <TextField
                label={translate('resources.payments.fields.reference')}
                name="reference"
                value={reference}
                onChange={(event) => setReference(event.target.value)}
                required
                error={Boolean(failure?.errors.reference)}
                helperText={failure?.errors.reference}
                slotProps={{ htmlInput: { maxLength: 100, dir: 'auto' } }}
                sx={{ flex: 1 }}
              />
              <DayField label={translate('resources.payments.fields.paid_at')} name="paid_at" value={paidAt} onChange={setPaidAt} required serverError={failure?.errors.paid_at} sx={{ flex: 1 }} />
            </Stack>
            {picked && (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
                  {translate('billing.allocations.title')}
                </Typography>
                <AllocationEditor amount={amount} invoices={invoices} failed={failed} value={choice} onChange={setChoice} />
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <LabelButton label="ra.action.cancel" onClick={onClose} />
          <LabelButton label="billing.payments.record_action" type="submit" variant="contained" disabled={!ready || busy} />
        </DialogActions>
      </Box>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={translate('billing.payments.confirm_record_title')}
        content={translate('billing.payments.confirm_record_content', { amount: amount === null ? '' : formatMoney(amount), name: picked?.name ?? '' })}
        confirm="billing.payments.record_action"
        onConfirm={() => void record()}
        onClose={() => setConfirming(false)}
      />
    </Dialog>
  );
}
