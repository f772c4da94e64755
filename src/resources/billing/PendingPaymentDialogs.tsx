import { useState, type FormEvent } from 'react';
import { Alert, Box, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { LabelButton } from '../shared/LabelButton';
import { AllocationEditor, allocationTrouble, allocationsOf, oldestFirst, type AllocationChoice } from './AllocationEditor';
import { confirmPayment, refusePayment } from './calls';
import { formatDay } from './money';
import type { Payment } from './types';
import { useOpenInvoices } from './useOpenInvoices';

function PaymentFacts({ payment }: { payment: Payment }) {
  return (
    <Typography sx={{ mb: 2 }}>
      <bdi>{payment.client_name}</bdi> · {formatMoney(payment.amount)} · <bdi>{payment.reference}</bdi> · {formatDay(payment.paid_at)}
    </Typography>
  );
}

/**
 * Confirms a member's proof of payment (admin), once the money is in the bank: it then counts
 * against the client's invoices, the oldest first or as chosen.
 */
export function ConfirmPaymentDialog({ payment, onClose, onDone }: { payment: Payment; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [choice, setChoice] = useState<AllocationChoice>(oldestFirst);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { invoices, failed } = useOpenInvoices(payment.client_id);
  const ready = allocationTrouble(choice, payment.amount, invoices) === null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setFailure(null);
    try {
      await confirmPayment(payment.id, allocationsOf(choice));
      notify('billing.payments.confirmed', { type: 'success' });
      onDone();
      onClose();
    } catch (error) {
      setFailure((error as Error).message || translate('ra.notification.http_error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="confirm-payment-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="confirm-payment-title">{translate('billing.payments.confirm_title')}</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <PaymentFacts payment={payment} />
          <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
            {translate('billing.payments.confirm_content')}
          </Typography>
          <AllocationEditor amount={payment.amount} invoices={invoices} failed={failed} value={choice} onChange={setChoice} />
        </DialogContent>
        <DialogActions>
          <LabelButton label="ra.action.cancel" onClick={onClose} />
          <LabelButton label="billing.payments.confirm" type="submit" variant="contained" disabled={!ready || busy} />
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Refuses a proof of payment (admin) with the reason the member will read. */
export function RefusePaymentDialog({ payment, onClose, onDone }: { payment: Payment; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const ready = reason.trim().length >= 3;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setFailure(null);
    try {
      await refusePayment(payment.id, reason.trim());
      notify('billing.payments.refused', { type: 'info' });
      onDone();
      onClose();
    } catch (error) {
      setFailure((error as Error).message || translate('ra.notification.http_error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="refuse-payment-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="refuse-payment-title">{translate('billing.payments.refuse_title')}</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack spacing={1}>
            <PaymentFacts payment={payment} />
            <TextField
              label={translate('billing.payments.refuse_reason')}
              name="reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              autoFocus
              multiline
              minRows={2}
              helperText={translate('billing.form.reason_hint', { min: 3 })}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <LabelButton label="ra.action.cancel" onClick={onClose} />
          <LabelButton label="billing.payments.refuse" type="submit" variant="contained" color="error" disabled={!ready || busy} />
        </DialogActions>
      </Box>
    </Dialog>
  );
}
