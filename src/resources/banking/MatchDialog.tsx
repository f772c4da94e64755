import { useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { formatDay } from '../../i18n/formatDay';
import { ClientPicker, type PickedClient } from '../orders/ClientPicker';
import { ActionDialog } from '../billing/ActionDialog';
import { AllocationEditor, allocationTrouble, allocationsOf, oldestFirst, oldestFirstOf, type AllocationChoice } from '../billing/AllocationEditor';
import { useOpenInvoices } from '../billing/useOpenInvoices';
import { matchLine } from './calls';
import type { BankLine } from '../../../shared/banking/records';
import { NoBreak, useTranslateNodes } from '../../i18n/translateNodes';

/** The client a hand match starts from: the line's first suggestion, if any. */
const firstSuggested = (line: BankLine): PickedClient | null => {
  const suggestion = line.suggestions[0];
  return suggestion ? { id: suggestion.client_id, name: suggestion.client_name ?? '' } : null;
};

/**
 * Matches a bank line by hand (admin): the client, its open invoices with what each owes, and
 * where the money goes (the oldest first, or an amount per invoice; the rest stays as credit).
 * Billing's own allocation editor: the same choice as recording a payment. What the editor shows
 * is what is sent, so the server allocates exactly the preview.
 */
export function MatchDialog({ line, onClose, onDone }: { line: BankLine; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const translateNodes = useTranslateNodes();
  const notify = useNotify();
  const [picked, setPicked] = useState<PickedClient | null>(() => firstSuggested(line));
  const [choice, setChoice] = useState<AllocationChoice>(oldestFirst);
  const { invoices, failed } = useOpenInvoices(picked?.id ?? null);
  const ready = picked !== null && invoices !== null && allocationTrouble(choice, line.amount, invoices) === null;

  async function match() {
    const allocations = allocationsOf(choice) ?? oldestFirstOf(line.amount, invoices ?? []).allocations;
    await matchLine({ line_id: line.id, client_id: picked!.id, allocations });
    notify('banking.match.matched', { type: 'success', messageArgs: { name: picked!.name } });
    onDone();
  }

  return (
    <ActionDialog
      title={translateNodes('banking.match.title', { amount: <NoBreak>{formatMoney(line.amount)}</NoBreak>, date: <NoBreak>{formatDay(line.date)}</NoBreak> })}
      maxWidth="md"
      submit="banking.match.action"
      ready={ready}
      action={match}
      onClose={onClose}
    >
      {(failure) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('banking.match.line')}{' '}
            <bdi>{[line.description, line.reference].filter(Boolean).join(' · ')}</bdi>
          </Typography>
          <ClientPicker
            value={picked}
            onChange={(client) => {
              setPicked(client);
              setChoice(oldestFirst);
            }}
          />
          {failure?.errors.client_id && <Typography color="error">{failure.errors.client_id}</Typography>}
          {picked && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
                {translate('billing.allocations.title')}
              </Typography>
              <AllocationEditor amount={line.amount} invoices={invoices} failed={failed} value={choice} onChange={setChoice} />
            </Box>
          )}
        </Stack>
      )}
    </ActionDialog>
  );
}
