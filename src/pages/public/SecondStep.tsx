import { Box, Button, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { ApiError } from '../../providers/http';
import { session } from '../../providers/session';
import type { Core } from '../../routes';
import { FormAlert, FormField, SubmitButton } from './formParts';

/**
 * The second step of a sign-in with two-factor on: the code the authenticator app shows, or one of
 * the recovery codes. A wrong code counts toward the same throttle as a wrong password; an expired
 * challenge (five minutes) sends the visitor back to the password.
 */
export function SecondStep({ challenge, onSignedIn, onRestart }: { challenge: string; onSignedIn: (core: Core) => void; onRestart: (message: string) => void }) {
  const { translate } = usePublicI18n();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await session.verifySecondStep(challenge, code.trim()));
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.status === 401 && failure.errors.challenge) {
        onRestart(translate('app.auth.second_step_expired'));
      } else if (failure instanceof ApiError && failure.errors.code === 'used') {
        setError(translate('app.auth.code_used'));
      } else if (failure instanceof ApiError && (failure.status === 401 || failure.status === 400)) {
        setError(translate(recovery ? 'app.auth.recovery_code_wrong' : 'app.auth.code_wrong'));
      } else if (failure instanceof ApiError && failure.status === 429) {
        setError(translate('app.auth.too_many_attempts'));
      } else {
        setError(translate('app.auth.network_error'));
      }
    }
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="second-step-title">
      <Typography id="second-step-title" component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {translate('app.auth.second_step_title')}
      </Typography>
      <Typography color="text.secondary" variant="body2">
        {translate(recovery ? 'app.auth.recovery_code_intro' : 'app.auth.code_intro')}
      </Typography>
      <FormAlert message={error} />
      <FormField
        key={recovery ? 'recovery' : 'code'}
        label={translate(recovery ? 'app.auth.recovery_code' : 'app.auth.code')}
        name={recovery ? 'recovery_code' : 'code'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoFocus
        value={code}
        onValue={setCode}
      />
      <SubmitButton busy={busy}>{busy ? translate('app.auth.signing_in') : translate('app.auth.verify')}</SubmitButton>
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(null);
          }}
        >
          {translate(recovery ? 'app.auth.use_app_code' : 'app.auth.use_recovery_code')}
        </Button>
        <Button onClick={() => onRestart('')}>{translate('app.auth.back_to_sign_in')}</Button>
      </Box>
    </Box>
  );
}
