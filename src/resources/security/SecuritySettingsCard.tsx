import { useState } from 'react';
import { Alert, Card, CardContent, FormControlLabel, Switch, Typography } from '@mui/material';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { ApiError } from '../../providers/http';
import { useApiGet } from '../reps/useApiGet';
import { saveSecuritySettings } from './calls';

/** The company's sign-in rule, on the company settings screen: two-factor required for admins. */
export function SecuritySettingsCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, error, refetch } = useApiGet<{ data: { require_two_factor_for_admins: boolean } }>('api/admin/securitysettings', {});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function toggle(required: boolean) {
    setBusy(true);
    setFailure(null);
    try {
      await saveSecuritySettings(required);
      notify('security.settings.saved', { type: 'success' });
      refetch();
    } catch (problem) {
      setFailure(problem instanceof ApiError && problem.status === 409 ? translate('security.settings.enrol_first') : (problem as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('security.settings.title')}
        </Typography>
        {error ? (
          <Alert severity="error">{error.message || translate('ra.notification.http_error')}</Alert>
        ) : !data ? (
          <Loading />
        ) : (
          <>
            {failure && (
              <Alert severity="error" role="alert" sx={{ mb: 1 }}>
                {failure}
              </Alert>
            )}
            <FormControlLabel
              control={<Switch checked={data.data.require_two_factor_for_admins} disabled={busy} onChange={(event) => void toggle(event.target.checked)} />}
              label={translate('security.settings.require_for_admins')}
            />
            <Typography variant="body2" color="text.secondary">
              {translate('security.settings.require_for_admins_hint')}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
