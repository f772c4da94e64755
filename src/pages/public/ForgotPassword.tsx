import { Alert, Box, Button, Link, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { ApiError, apiPost } from '../../providers/http';
import { PublicShell } from './PublicShell';
import { useRedirectIfSignedIn } from './useRedirectIfSignedIn';

export default function ForgotPassword() {
  const { translate } = usePublicI18n();
  const ready = useRedirectIfSignedIn();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setError(translate('app.auth.required'));
    setBusy(true);
    setError(null);
    try {
      await apiPost('api/auth/forgot-password', { email: email.trim() });
      setSentTo(email.trim());
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 400 ? translate('app.auth.invalid_email') : translate('app.auth.network_error'));
    } finally {
      setBusy(false);
    }
  }

  if (!ready) return null;
  return (
    <PublicShell page="forgot_password">
      {sentTo ? (
        <Alert severity="success" role="status">
          {translate('app.auth.link_sent', { email: sentTo })}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Typography color="text.secondary">{translate('app.auth.forgot_intro')}</Typography>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label={translate('app.auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            required
            fullWidth
            margin="normal"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" variant="contained" fullWidth sx={{ mt: 1 }} disabled={busy}>
            {translate('app.auth.send_link')}
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
