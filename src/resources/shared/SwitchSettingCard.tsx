import { Alert, Card, CardContent, FormControlLabel, Switch, Typography } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { apiPost } from '../../providers/http';
import { useApiAction } from './useApiAction';
import { useApiGet } from './useApiGet';

export interface SwitchSetting {
  /** Read with GET, saved with POST `{ [field]: boolean }`; both answer `{ data: { [field]: boolean } }`. */
  read: string;
  save: string;
  field: string;
  /** Message keys. */
  title: string;
  label: string;
  hint: string;
  saved: string;
  /** The message for a refusal the setting explains itself (a 409, say); default: the server's words. */
  failureMessage?: (problem: unknown) => string | null;
}

/** One company setting that is on or off, on the company settings screen: its title, switch and explanation. */
export function SwitchSettingCard({ setting }: { setting: SwitchSetting }) {
  const translate = useTranslate();
  const { data, error, refetch } = useApiGet<{ data: Record<string, boolean> }>(setting.read, {});
  // A refusal stays on the card, above the switch, until the next try.
  const toggle = useApiAction((on: boolean) => apiPost(setting.save, { [setting.field]: on }), { success: setting.saved, notifyFailure: false, onSuccess: refetch });
  const busy = toggle.isPending;
  const failure = toggle.error ? (setting.failureMessage?.(toggle.error) ?? toggle.error.message) : null;

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(setting.title)}
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
              control={<Switch checked={data.data[setting.field]} disabled={busy} onChange={(event) => void toggle.run(event.target.checked)} />}
              label={translate(setting.label)}
            />
            <Typography variant="body2" color="text.secondary">
              {translate(setting.hint)}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
