import { Box } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { ApiError, apiPost } from '../../providers/http';
import { CenteredLink, FormAlert, FormField, MIN_PASSWORD_LENGTH, SubmitButton } from './formParts';
import { PublicShell } from './PublicShell';
import { useRedirectIfSignedIn } from './useRedirectIfSignedIn';

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

  const passwordField = { type: 'password', autoComplete: 'new-password', required: true } as const;
  if (!ready) return null;
  return (
    <PublicShell page="reset_password">
      {done ? (
        <FormAlert severity="success" message={translate('app.auth.reset_done')} />
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <FormAlert message={error} />
          <FormField
            {...passwordField}
            label={translate('app.auth.new_password')}
            name="password"
            autoFocus
            value={password}
            onValue={setPassword}
            error={!!fieldErrors.password}
            helperText={fieldErrors.password ?? translate('app.auth.password_rule', { min: MIN_PASSWORD_LENGTH })}
          />
          <FormField
            {...passwordField}
            label={translate('app.auth.confirm_password')}
            name="confirmation"
            value={confirmation}
            onValue={setConfirmation}
            error={!!fieldErrors.confirmation}
            helperText={fieldErrors.confirmation}
          />
          <SubmitButton busy={busy}>{translate('app.auth.save_password')}</SubmitButton>
        </Box>
      )}
      <CenteredLink to="/login">{translate('app.auth.back_to_sign_in')}</CenteredLink>
    </PublicShell>
  );
}
