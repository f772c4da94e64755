import { Alert, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { consentWording } from '../../../shared/privacy/consent';
import { formatDateTime } from '../../i18n/format';
import { useApiAction } from '../shared/useApiAction';
import { useApiGet } from '../shared/useApiGet';
import { isLocale, setOwnConsent, type ConsentRecord } from './calls';

/**
 * "Marketing mail" on the member's own /profile (POPIA): whether it receives news and
 * offers, the wording it agrees to, and one button to give or withdraw its consent.
 */
export function MarketingMailSection({ clientId }: { clientId: number }) {
  const translate = useTranslate();
  const [uiLocale] = useLocaleState();
  const locale = isLocale(uiLocale) ? uiLocale : 'en';
  const { data, error, refetch } = useApiGet<{ data: ConsentRecord[] }>('api/privacy/consents', { client_id: clientId });
  // A refusal is shown in the card, above the button that asked.
  const change = useApiAction((next: boolean) => setOwnConsent(next, locale), { success: 'privacy.member.saved', notifyFailure: false, onSuccess: refetch });
  const busy = change.isPending;
  const problem = change.error?.message ?? null;
  const latest = data?.data[0];
  const given = latest?.given === true;

  return (
    <Card variant="outlined" data-testid="marketing-mail">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('privacy.member.title')}
        </Typography>
        {error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : !data ? (
          <CircularProgress size={24} aria-label={translate('app.loading')} />
        ) : (
          <>
            {problem && (
              <Alert severity="error" role="alert" sx={{ mb: 1 }}>
                {problem}
              </Alert>
            )}
            <Typography data-testid="marketing-mail-state" sx={{ mb: 1 }}>
              {given ? translate('privacy.member.given', { at: formatDateTime(latest!.at) }) : translate('privacy.member.not_given')}
            </Typography>
            {!given && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1, fontStyle: 'italic' }}>
                “{consentWording[locale]}”
              </Typography>
            )}
            <Button variant={given ? 'outlined' : 'contained'} disabled={busy} onClick={() => void change.run(!given)}>
              {translate(given ? 'privacy.member.withdraw' : 'privacy.member.give')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
