import { Box } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { ApiError, apiPost } from '../../providers/http';
import { CenteredLink, FormAlert, NewPasswordFields, SubmitButton, newPasswordProblems } from './formParts';
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
    const problems = newPasswordProblems(password, confirmation, translate);
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
        <FormAlert severity="success" message={translate('app.auth.reset_done')} />
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <FormAlert message={error} />
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            errors={fieldErrors}
            labels={{ password: translate('app.auth.new_password'), confirmation: translate('app.auth.confirm_password') }}
            translate={translate}
            autoFocus
          />
          <SubmitButton busy={busy}>{translate('app.auth.save_password')}</SubmitButton>
        </Box>
      )}
      <CenteredLink to="/login">{translate('app.auth.back_to_sign_in')}</CenteredLink>
    </PublicShell>
  );
}
