import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { ApiError, apiPost } from '../../providers/http';
import { PublicShell } from './PublicShell';
import { useRedirectIfSignedIn } from './useRedirectIfSignedIn';

/** The server's rule (server/auth/passwords.ts), repeated here only to answer before a round trip. */
const MIN_PASSWORD_LENGTH = 12;

export default function ResetPassword() {
  const { translate } = usePublicI18n();
  const { token = '' } = useParams();
  const ready = useRedirectIfSignedIn();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: typeof fieldErrors = {};
    if (password.length < MIN_PASSWORD_LENGTH) problems.password = translate('app.auth.password_too_short', { min: MIN_PASSWORD_LENGTH });
    else if (password !== confirmation) problems.confirmation = translate('app.auth.passwords_differ');
    setFieldErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setError(null);
    try {
      await apiPost('api/auth/reset-password', { token, password });
      setDone(true);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.errors.token ? translate('app.auth.reset_invalid') : translate('app.auth.network_error'));
    } finally {
      setBusy(false);
    }
  }

  if (!ready) return null;
  return (
    <PublicShell page="reset_password">
      {done ? (
        <Alert severity="success" role="status">
          {translate('app.auth.reset_done')}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label={translate('app.auth.new_password')}
            name="password"
            type="password"
            autoComplete="new-password"
            autoFocus
            required
            fullWidth
            margin="normal"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={!!fieldErrors.password}
            helperText={fieldErrors.password ?? translate('app.auth.password_rule', { min: MIN_PASSWORD_LENGTH })}
          />
          <TextField
            label={translate('app.auth.confirm_password')}
            name="confirmation"
            type="password"
            autoComplete="new-password"
            required
            fullWidth
            margin="normal"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={!!fieldErrors.confirmation}
            helperText={fieldErrors.confirmation}
          />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 1 }} disabled={busy}>
            {translate('app.auth.save_password')}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          {translate('app.auth.back_to_sign_in')}
        </Link>
      </Box>
    </PublicShell>
  );
}
