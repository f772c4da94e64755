import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Alert, LinearProgress, Stack, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../i18n/format';
import { Facts } from '../members/ClientSections';
import { useApiGet } from '../shared/useApiGet';
import { LabelButton } from '../shared/LabelButton';
import { SectionCard } from '../shared/SectionCard';
import { AgeingTable } from './AgeingTable';
import { statementPath } from './paths';
import type { AccountSummary } from '../../../shared/billing/records';

/** The account's figures: balance, credit not yet allocated, terms, limit, VAT number. */
export function AccountFigures({ account }: { account: AccountSummary }) {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.client-billing.fields.${name}`);
  const overLimit = account.credit_limit !== null && account.balance > account.credit_limit;
  return (
    <Facts
      rows={[
        [field('balance'), <strong data-testid="account-balance">{formatMoney(account.balance)}</strong>],
        [field('unallocated_credit'), formatMoney(account.unallocated_credit)],
        [field('payment_terms'), translate(`billing.terms.${account.payment_terms}`)],
        [
          field('credit_limit'),
          account.credit_limit === null ? (
            translate('billing.debtors.no_limit')
          ) : (
            <Typography component="span" variant="body2" color={overLimit ? 'error' : undefined}>
              {formatMoney(account.credit_limit)}
              {overLimit && ` · ${translate('billing.account.over_limit')}`}
            </Typography>
          ),
        ],
        [field('vat_number'), account.vat_number],
      ]}
    />
  );
}

/** A client's balance and ageing with a link to its statement: what its rep sees on the client's page. */
export function AccountSummaryCard({ clientId }: { clientId: number }) {
  const translate = useTranslate();
  const { data, error, refetch } = useApiGet<{ data: AccountSummary }>('api/billing/account', { client_id: clientId });
  const account = data?.data;
  return (
    <SectionCard
      title="billing.account.title"
      action={
        <Button component={Link} to={statementPath(clientId)} label="billing.account.statement">
          <ReceiptLongIcon />
        </Button>
      }
    >
      {error ? (
        <Alert severity="error" action={<LabelButton label="app.retry" onClick={refetch} />}>
          {error.message || translate('ra.notification.http_error')}
        </Alert>
      ) : !account ? (
        <LinearProgress aria-label={translate('app.loading')} />
      ) : (
        <Stack spacing={1}>
          <AccountFigures account={account} />
          <AgeingTable ageing={account.ageing} />
        </Stack>
      )}
    </SectionCard>
  );
}
