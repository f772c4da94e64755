import { useState } from 'react';
import { Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { formatDay } from '../../i18n/formatDay';
import { ActionDialog } from '../billing/ActionDialog';
import { ignoreLine } from './calls';
import type { BankLine } from '../../../shared/banking/records';
import { NoBreak, useTranslateNodes } from '../../i18n/translateNodes';

/** Sets a line aside with the reason why (a transfer between own accounts, a refund): nothing is paid. */
export function IgnoreDialog({ line, onClose, onDone }: { line: BankLine; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const translateNodes = useTranslateNodes();
  const notify = useNotify();
  const [reason, setReason] = useState('');

  async function ignore() {
    await ignoreLine(line.id, reason.trim());
    notify('banking.ignore.done', { type: 'success' });
    onDone();
  }

  return (
    <ActionDialog
      title={translateNodes('banking.ignore.title', { amount: <NoBreak>{formatMoney(line.amount)}</NoBreak>, date: <NoBreak>{formatDay(line.date)}</NoBreak> })}
      submit="banking.reconcile.ignore"
      ready={reason.trim() !== ''}
      action={ignore}
      onClose={onClose}
    >
      {(failure) => (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            <bdi>{[line.description, line.reference].filter(Boolean).join(' · ')}</bdi>
          </Typography>
          <TextField
            label={translate('banking.ignore.reason')}
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 200 } }}
            error={Boolean(failure?.errors.reason)}
            helperText={failure?.errors.reason ?? translate('banking.ignore.reason_hint')}
          />
        </Stack>
      )}
    </ActionDialog>
  );
}
