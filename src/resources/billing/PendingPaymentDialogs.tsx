import { useState } from 'react';
import { Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { formatDay } from '../../i18n/formatDay';
import { ActionDialog } from './ActionDialog';
import { ReasonField } from './FormFields';
import { AllocationEditor, allocationTrouble, allocationsOf, oldestFirst, type AllocationChoice } from './AllocationEditor';
import { confirmPayment, refusePayment } from './calls';
import type { Payment } from '../../../shared/billing/records';
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
  const { invoices, failed } = useOpenInvoices(payment.client_id);

  async function confirm() {
    await confirmPayment(payment.id, allocationsOf(choice));
    notify('billing.payments.confirmed', { type: 'success' });
    onDone();
  }

  return (
    <ActionDialog
      title={translate('billing.payments.confirm_title')}
      maxWidth="md"
      submit="billing.payments.confirm"
      ready={allocationTrouble(choice, payment.amount, invoices) === null}
      action={confirm}
      onClose={onClose}
    >
      {() => (
        <>
          <PaymentFacts payment={payment} />
          <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
            {translate('billing.payments.confirm_content')}
          </Typography>
          <AllocationEditor amount={payment.amount} invoices={invoices} failed={failed} value={choice} onChange={setChoice} />
        </>
      )}
    </ActionDialog>
  );
}

/** Refuses a proof of payment (admin) with the reason the member will read. */
export function RefusePaymentDialog({ payment, onClose, onDone }: { payment: Payment; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [reason, setReason] = useState('');

  async function refuse() {
    await refusePayment(payment.id, reason.trim());
    notify('billing.payments.refused', { type: 'info' });
    onDone();
  }

  return (
    <ActionDialog
      title={translate('billing.payments.refuse_title')}
      submit="billing.payments.refuse"
      submitColor="error"
      ready={reason.trim().length >= 3}
      action={refuse}
      onClose={onClose}
    >
      {(failure) => (
        <Stack spacing={1}>
          <PaymentFacts payment={payment} />
          <ReasonField label={translate('billing.payments.refuse_reason')} value={reason} onChange={setReason} serverError={failure?.errors.reason} autoFocus />
        </Stack>
      )}
    </ActionDialog>
  );
}
