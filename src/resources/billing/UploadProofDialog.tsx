import { useRef, useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { businessDay } from '../../../shared/billing/accounts';
import { MAX_PROOF_BYTES, PROOF_MEDIA_TYPES } from '../../../shared/billing/proofFiles';
import { ActionDialog } from './ActionDialog';
import { uploadProof } from './calls';
import { DayField, MoneyField, ReferenceField } from './FormFields';


/** Why a file cannot be a proof of payment (a message key), or null. */
export function proofProblem(file: File | null): string | null {
  if (!file) return 'billing.proof.choose_file';
  if (!(PROOF_MEDIA_TYPES as readonly string[]).includes(file.type)) return 'billing.proof.wrong_type';
  if (file.size > MAX_PROOF_BYTES) return 'billing.proof.too_big';
  return null;
}

/**
 * A member tells the company it has paid: the amount, the bank reference, the day and the proof
 * (a PDF or a picture of the bank's confirmation, at most 5 MB). The payment waits as pending
 * until the company confirms it.
 */
export function UploadProofDialog({ onClose, onUploaded }: { onClose: () => void; onUploaded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const [paidAt, setPaidAt] = useState<string | null>(() => businessDay(new Date()));
  const fileProblem = file ? proofProblem(file) : null;
  const ready = proofProblem(file) === null && amount !== null && amount > 0 && reference.trim() !== '' && paidAt !== null;

  async function send() {
    await uploadProof({ amount: amount!, reference: reference.trim(), paid_at: paidAt!, proof: file! });
    notify('billing.proof.uploaded', { type: 'success' });
    onUploaded();
  }

  return (
    <ActionDialog title={translate('billing.proof.title')} submit="billing.proof.send" ready={ready} action={send} onClose={onClose}>
      {(failure) => (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('billing.proof.intro')}
          </Typography>
          <Stack spacing={2}>
            <MoneyField label={translate('resources.payments.fields.amount')} name="amount" value={amount} onChange={setAmount} required serverError={failure?.errors.amount} />
            <ReferenceField value={reference} onChange={setReference} serverError={failure?.errors.reference} helperText={translate('billing.proof.reference_hint')} />
            <DayField label={translate('resources.payments.fields.paid_at')} name="paid_at" value={paidAt} onChange={setPaidAt} required serverError={failure?.errors.paid_at} />
            <Box>
              {/* The file input itself stays hidden: the button in its place opens it and says what it is for. */}
              <input
                ref={input}
                name="proof"
                type="file"
                hidden
                accept={PROOF_MEDIA_TYPES.join(',')}
                data-testid="proof-file"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} aria-describedby="proof-file-help">
                {translate('billing.proof.choose_file')}
              </Button>
              <Typography component="span" sx={{ mx: 1 }} data-testid="proof-file-name">
                {file ? <bdi>{file.name}</bdi> : translate('billing.proof.no_file')}
              </Typography>
              <FormHelperText id="proof-file-help" error={Boolean(fileProblem || failure?.errors.proof)}>
                {fileProblem ? translate(fileProblem) : (failure?.errors.proof ?? translate('billing.proof.file_hint'))}
              </FormHelperText>
            </Box>
          </Stack>
        </>
      )}
    </ActionDialog>
  );
}
