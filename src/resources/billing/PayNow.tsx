import { useState } from 'react';
import PaymentIcon from '@mui/icons-material/Payment';
import { Alert, Box, Checkbox, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { Panel } from '../orders/Panel';
import { LabelButton } from '../shared/LabelButton';
import { useApiAction } from '../shared/useApiAction';
import { postToGateway, startCheckout } from './payOnline';
import { useOpenInvoices } from './useOpenInvoices';

/** Starts the checkout of these invoices and leaves for the payment page; a refusal is shown, not thrown. */
function usePayOnline() {
  const checkout = useApiAction(startCheckout, { onSuccess: postToGateway, notifyFailure: false });
  return {
    pay: (invoiceIds: number[]) => void checkout.run(invoiceIds),
    // Once the checkout is made the page is on its way to the gateway: the button stays off.
    busy: checkout.isPending || checkout.data !== undefined,
    failure: checkout.error?.message ?? null,
  };
}

/** "Pay now" on an invoice that still owes something. */
export function PayNowButton({ invoiceId }: { invoiceId: number }) {
  const translate = useTranslate();
  const { pay, busy, failure } = usePayOnline();
  return (
    <>
      <Button label="billing.payfast.pay_now" variant="contained" onClick={() => pay([invoiceId])} disabled={busy}>
        <PaymentIcon />
      </Button>
      {failure && (
        <Alert severity="error" role="alert" sx={{ width: '100%' }}>
          {translate('billing.payfast.failed', { message: failure })}
        </Alert>
      )}
    </>
  );
}

/**
 * On the member's statement: its open invoices, all chosen at first, and "Pay now" for the chosen
 * ones. Nothing owing: a line saying so.
 */
export function PayOnlinePanel({ clientId }: { clientId: number }) {
  const translate = useTranslate();
  const { invoices, failed } = useOpenInvoices(clientId);
  const [unchosen, setUnchosen] = useState<Set<number>>(new Set());
  const { pay, busy, failure } = usePayOnline();
  const toggle = (id: number) =>
    setUnchosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  let body;
  if (failed) body = <Alert severity="error">{translate('billing.payfast.invoices_failed')}</Alert>;
  else if (!invoices) body = <Typography color="text.secondary">{translate('ra.page.loading')}</Typography>;
  else if (invoices.length === 0) body = <Typography color="text.secondary">{translate('billing.payfast.none_open')}</Typography>;
  else {
    const chosen = invoices.filter((invoice) => !unchosen.has(Number(invoice.id)));
    const total = chosen.reduce((sum, invoice) => sum + (invoice.balance), 0);
    body = (
      <Stack spacing={1}>
        <FormGroup role="group" aria-label={translate('billing.payfast.choose')}>
          {invoices.map((invoice) => (
            <FormControlLabel
              key={invoice.id}
              control={<Checkbox checked={!unchosen.has(Number(invoice.id))} onChange={() => toggle(Number(invoice.id))} />}
              label={
                <span>
                  <bdi>{invoice.number}</bdi> · {formatMoney(invoice.balance)}
                </span>
              }
            />
          ))}
        </FormGroup>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 700 }} data-testid="pay-online-total">
            {translate('billing.payfast.total', { amount: formatMoney(total) })}
          </Typography>
          <Button label="billing.payfast.pay_now" variant="contained" onClick={() => pay(chosen.map((invoice) => Number(invoice.id)))} disabled={busy || chosen.length === 0}>
            <PaymentIcon />
          </Button>
          {chosen.length < invoices.length && <LabelButton label="billing.payfast.choose_all" onClick={() => setUnchosen(new Set())} />}
        </Box>
        {failure && (
          <Alert severity="error" role="alert">
            {translate('billing.payfast.failed', { message: failure })}
          </Alert>
        )}
      </Stack>
    );
  }
  return <Panel title="billing.payfast.title">{body}</Panel>;
}
