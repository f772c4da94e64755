import ScienceIcon from '@mui/icons-material/Science';
import { Alert, Box, Card, CardContent, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { Button, Loading, Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatMoney } from '../../i18n/format';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { useApiGet } from '../shared/useApiGet';
import { LabelButton } from '../shared/LabelButton';
import { useApiAction } from '../shared/useApiAction';
import { useNotFoundPage, usePathId } from '../shared/useRecordPage';
import { returnPathOf, type CheckoutState } from './payOnline';

/**
 * `/billing/test-gateway/{checkoutid}`: the portal's stand-in for PayFast's payment page, where the
 * checkout's form lands when PayFast is not set up (never in production). Paying here sends the
 * portal a notification signed as PayFast's, through the same checks; no money moves.
 */
export default function TestGatewayScreen() {
  const translate = useTranslate();
  const pageTitle = usePortalTitle('payfast_test_gateway');
  const navigate = useNavigate();
  const { id, valid } = usePathId('checkoutid');
  const { data, error, refetch } = useApiGet<{ data: CheckoutState }>('api/billing/checkout', { id }, valid);
  useNotFoundPage(!valid || error?.status === 404);
  const checkout = data?.data;
  // What the pretend payment did is said on the page (declined, or why it failed); a paid one leaves for the payer's page.
  const pay = useApiAction<{ id: number; status: 'COMPLETE' | 'FAILED' }, { data: CheckoutState }>('api/billing/test_gateway/pay', {
    notifyFailure: false,
    onSuccess: (answer) => {
      if (answer.data.status === 'paid') navigate(returnPathOf(answer.data));
    },
  });
  const busy = pay.isPending;
  const outcome: { severity: 'error' | 'info'; text: string } | null = pay.error
    ? { severity: 'error', text: pay.error.message }
    : pay.data && pay.data.data.status !== 'paid'
      ? { severity: 'info', text: translate('billing.payfast.test_declined') }
      : null;

  const send = (status: 'COMPLETE' | 'FAILED') => {
    if (checkout) void pay.run({ id: checkout.id, status });
  };

  return (
    <Stack spacing={2} sx={{ my: 2, maxWidth: 640 }}>
      <Title title={pageTitle} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1">
          {pageTitle}
        </Typography>
        <Chip icon={<ScienceIcon />} color="warning" label={translate('billing.payfast.test_badge')} />
      </Stack>
      <Alert severity="warning">{translate('billing.payfast.test_warning')}</Alert>
      {error && error.status !== 404 ? (
        <Alert severity="error" action={<LabelButton label="app.retry" onClick={refetch} />}>
          {error.message || translate('ra.notification.http_error')}
        </Alert>
      ) : !checkout ? (
        <Loading />
      ) : (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="overline" component="h2" color="text.secondary">
              {translate('billing.payfast.test_amount')}
            </Typography>
            <Typography variant="h4" component="p" data-testid="test-gateway-amount">
              {formatMoney(checkout.amount)}
            </Typography>
            <List dense aria-label={translate('billing.payfast.test_invoices')}>
              {checkout.invoices.map((invoice) => (
                <ListItem key={invoice.id} disableGutters>
                  <bdi>{invoice.number}</bdi>
                </ListItem>
              ))}
            </List>
            {checkout.status === 'paid' ? (
              <Alert severity="success">{translate('billing.payfast.test_already_paid')}</Alert>
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button label="billing.payfast.test_pay" variant="contained" onClick={() => send('COMPLETE')} disabled={busy} />
                <Button label="billing.payfast.test_decline" variant="outlined" onClick={() => send('FAILED')} disabled={busy} />
                <Button label="billing.payfast.back" component={RouterLink} to={returnPathOf(checkout)} />
              </Box>
            )}
            {outcome && (
              <Alert severity={outcome.severity} role="alert" sx={{ mt: 2 }}>
                {outcome.text}
              </Alert>
            )}
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
