import { useState } from 'react';
import AddCardIcon from '@mui/icons-material/AddCard';
import EditIcon from '@mui/icons-material/Edit';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Grid, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { Button, HttpError, SelectInput, TextInput, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { paymentTerms } from '../../../shared/billing/accounts';
import { ApiError } from '../../providers/http';
import { useApiGet } from '../shared/useApiGet';
import { FormDialog } from '../shared/FormDialog';
import { LabelButton } from '../shared/LabelButton';
import { SectionCard } from '../shared/SectionCard';
import { AccountFigures } from './AccountSummaryCard';
import { AgeingTable } from './AgeingTable';
import { saveClientBilling } from './calls';
import { ClientDocuments, ClientPayments } from './ClientDocuments';
import { statementPath } from './paths';
import { centsToRandText, randToCents } from './money';
import { RecordPaymentDialog } from './RecordPaymentDialog';
import type { AccountSummary } from '../../../shared/billing/records';
import { UploadProofDialog } from './UploadProofDialog';

const termChoices = paymentTerms.map((id) => ({ id, name: `billing.terms.${id}` }));

/** The admin's billing terms of a client: VAT number, payment terms (or the company's), credit limit (or none). */
function BillingTermsDialog({ account, onClose, onSaved }: { account: AccountSummary; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const save = async (values: Record<string, unknown>) => {
    const limitText = String(values.credit_limit ?? '').trim();
    try {
      await saveClientBilling({
        client_id: account.client_id,
        vat_number: String(values.vat_number ?? '').trim(),
        payment_terms: (values.payment_terms as AccountSummary['payment_terms'] | '' | null) || null,
        credit_limit: limitText === '' ? null : randToCents(limitText),
      });
    } catch (error) {
      if (error instanceof ApiError) throw new HttpError(error.message, error.status, { errors: error.errors });
      throw error;
    }
    onSaved();
  };
  const validLimit = (value: unknown) => (value && String(value).trim() && randToCents(String(value)) === null ? translate('billing.form.invalid_amount') : undefined);
  const validVat = (value: unknown) => (value && !/^4[0-9]{9}$/.test(String(value).trim()) ? translate('billing.form.invalid_vat_number') : undefined);
  return (
    <FormDialog
      open
      onClose={onClose}
      title="billing.account.edit_terms"
      resource="client-billing"
      record={{
        id: account.client_id,
        vat_number: account.vat_number,
        payment_terms: account.payment_terms,
        credit_limit: account.credit_limit === null ? '' : centsToRandText(account.credit_limit),
      }}
      onSubmit={save}
      success="billing.account.terms_saved"
    >
      <TextInput source="vat_number" validate={validVat} helperText="billing.form.vat_number_hint" fullWidth />
      <SelectInput source="payment_terms" choices={termChoices} emptyText="billing.account.default_terms" emptyValue="" fullWidth />
      <TextInput source="credit_limit" validate={validLimit} helperText="billing.account.credit_limit_hint" fullWidth />
    </FormDialog>
  );
}

/**
 * A client's account on its page (`/clients/view/{id}`): for the member itself (its start page) and
 * for the company. Balance and ageing, its invoices, notes and payments with their PDFs, the
 * statement; a member uploads a proof of payment, an admin records a payment and edits the
 * billing terms.
 */
export function AccountSection({ client, isAdmin, canUploadProof }: { client: { id: number; name: string }; isAdmin: boolean; canUploadProof: boolean }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'invoices' | 'notes' | 'payments'>('invoices');
  const [dialog, setDialog] = useState<'proof' | 'payment' | 'terms' | null>(null);
  // The lists below refetch on their own; a new key remounts them after a write.
  const [version, setVersion] = useState(0);
  const { data, error, refetch } = useApiGet<{ data: AccountSummary }>('api/billing/account', { client_id: client.id });
  const reload = () => {
    setVersion((v) => v + 1);
    refetch();
  };
  const account = data?.data;

  const actions = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <Button component={Link} to={statementPath(client.id)} label="billing.account.statement">
        <ReceiptLongIcon />
      </Button>
      {canUploadProof && (
        <Button label="billing.proof.title" onClick={() => setDialog('proof')}>
          <UploadFileIcon />
        </Button>
      )}
      {isAdmin && (
        <Button label="billing.payments.record" onClick={() => setDialog('payment')}>
          <AddCardIcon />
        </Button>
      )}
      {isAdmin && account && (
        <Button label="billing.account.edit_terms" onClick={() => setDialog('terms')}>
          <EditIcon />
        </Button>
      )}
    </Stack>
  );

  return (
    <SectionCard title="billing.account.title" action={actions}>
      {error ? (
        <Alert severity="error" action={<LabelButton label="app.retry" onClick={refetch} />}>
          {error.message || translate('ra.notification.http_error')}
        </Alert>
      ) : !account ? (
        <LinearProgress aria-label={translate('app.loading')} />
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 5 }}>
            <AccountFigures account={account} />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {translate('billing.ageing.title')}
            </Typography>
            <AgeingTable ageing={account.ageing} />
          </Grid>
        </Grid>
      )}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mt: 2 }}>
        <Tabs value={tab} onChange={(_, next) => setTab(next)} variant="scrollable" allowScrollButtonsMobile aria-label={translate('billing.account.title')}>
          <Tab value="invoices" label={translate('billing.account.invoices')} id="account-tab-invoices" aria-controls="account-panel" />
          <Tab value="notes" label={translate('billing.account.notes')} id="account-tab-notes" aria-controls="account-panel" />
          <Tab value="payments" label={translate('billing.account.payments')} id="account-tab-payments" aria-controls="account-panel" />
        </Tabs>
      </Box>
      <Box role="tabpanel" id="account-panel" aria-labelledby={`account-tab-${tab}`} key={`${tab}-${version}`}>
        {tab === 'invoices' && <ClientDocuments clientId={client.id} resource="invoices" />}
        {tab === 'notes' && <ClientDocuments clientId={client.id} resource="billing-notes" />}
        {tab === 'payments' && <ClientPayments clientId={client.id} />}
      </Box>
      {dialog === 'proof' && <UploadProofDialog onClose={() => setDialog(null)} onUploaded={reload} />}
      {dialog === 'payment' && <RecordPaymentDialog client={client} onClose={() => setDialog(null)} onRecorded={reload} />}
      {dialog === 'terms' && account && <BillingTermsDialog account={account} onClose={() => setDialog(null)} onSaved={reload} />}
    </SectionCard>
  );
}
