import { useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { businessDay } from '../../../shared/billing/accounts';
import { formatMoney } from '../../i18n/format';
import { ClientPicker, type PickedClient } from '../orders/ClientPicker';
import { ActionDialog } from './ActionDialog';
import { AllocationEditor, allocationTrouble, allocationsOf, oldestFirst, type AllocationChoice } from './AllocationEditor';
import { recordPayment } from './calls';
import { DayField, MoneyField, ReferenceField } from './FormFields';
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
  const { invoices, failed } = useOpenInvoices(picked?.id ?? null);

  const ready = picked !== null && amount !== null && amount > 0 && reference.trim() !== '' && paidAt !== null && allocationTrouble(choice, amount, invoices) === null;

  async function record() {
    const allocations = allocationsOf(choice);
    await recordPayment({ client_id: picked!.id, amount: amount!, reference: reference.trim(), paid_at: paidAt!, ...(allocations === undefined ? {} : { allocations }) });
    notify('billing.payments.recorded', { type: 'success', messageArgs: { amount: formatMoney(amount!), name: picked!.name } });
    onRecorded();
  }

  return (
    <ActionDialog
      title={translate('billing.payments.record')}
      maxWidth="md"
      submit="billing.payments.record_action"
      ready={ready}
      confirm={{
        title: translate('billing.payments.confirm_record_title'),
        content: translate('billing.payments.confirm_record_content', { amount: amount === null ? '' : formatMoney(amount), name: picked?.name ?? '' }),
      }}
      action={record}
      onClose={onClose}
    >
      {(failure) => (
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
            <ReferenceField value={reference} onChange={setReference} serverError={failure?.errors.reference} sx={{ flex: 1 }} />
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
      )}
    </ActionDialog>
  );
}
