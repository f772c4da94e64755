import { Box, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { ApiError, apiPost } from '../../providers/http';
import { CenteredLink, FormAlert, FormField, SubmitButton } from './formParts';
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
        <FormAlert severity="success" message={translate('app.auth.link_sent', { email: sentTo })} />
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Typography color="text.secondary">{translate('app.auth.forgot_intro')}</Typography>
          <FormAlert message={error} />
          <FormField
            label={translate('app.auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            required
            value={email}
            onValue={setEmail}
          />
          <SubmitButton busy={busy}>{translate('app.auth.send_link')}</SubmitButton>
        </Box>
      )}
      <CenteredLink to="/login">{translate('app.auth.back_to_sign_in')}</CenteredLink>
    </PublicShell>
  );
}
