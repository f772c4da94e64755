import { useState } from 'react';
import { Alert, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { ApiError } from '../../providers/http';
import { session } from '../../providers/session';
import { ActionDialog } from '../billing/ActionDialog';
import { useApiGet } from '../shared/useApiGet';
import { SectionCard } from '../shared/SectionCard';
import { type TwoFactorStatus, disableTwoFactor } from './calls';
import { EnrolTwoFactor } from './EnrolTwoFactor';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * Turning it off asks for what signing in asks beyond the password: a current code or a recovery
 * code (the server refuses the password alone). Without either, an admin resets it.
 */
function DisableDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const [value, setValue] = useState('');
  const [used, setUsed] = useState(false);
  const failureText = () => translate(used ? 'security.disable.code_used' : 'security.disable.code_wrong');
  return (
    <ActionDialog
      title={translate('security.disable.title')}
      submit="security.disable.submit"
      submitColor="error"
      ready={value.trim() !== ''}
      action={async () => {
        try {
          await disableTwoFactor(value.trim());
        } catch (error) {
          // The server's words are English; the reader's language says what went wrong.
          if (error instanceof ApiError && error.status === 400) {
            const wasUsed = error.errors.code === 'used';
            setUsed(wasUsed);
            throw new ApiError(400, translate(wasUsed ? 'security.disable.code_used' : 'security.disable.code_wrong'), error.errors);
          }
          if (error instanceof ApiError && error.status === 429) throw new ApiError(429, translate('app.auth.too_many_attempts'));
          throw error;
        }
        onDone();
      }}
      onClose={onClose}
    >
      {(failure) => (
        <Stack spacing={2}>
          <Typography variant="body2">{translate('security.disable.intro_code')}</Typography>
          <TextField
            label={translate('security.disable.code')}
            name="code"
            autoComplete="one-time-code"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={Boolean(failure?.errors.code)}
            helperText={failure?.errors.code ? failureText() : ' '}
            autoFocus
            required
          />
          <Typography variant="body2" color="text.secondary">
            {translate('security.disable.lost_phone')}
          </Typography>
        </Stack>
      )}
    </ActionDialog>
  );
}

/** The two-factor part of the account page: its state, enrolment, the recovery codes once, turning it off. */
export function TwoFactorSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, error, refetch } = useApiGet<{ data: TwoFactorStatus }>('api/auth/2fa/status', {});
  const [stage, setStage] = useState<'idle' | 'enrolling' | 'disabling'>('idle');
  const [codes, setCodes] = useState<string[] | null>(null);
  const status = data?.data;

  // Core data tells the layout whether enrolment is still owed; it changes with the status.
  const changed = () => {
    refetch();
    void session.reloadCore();
  };

  return (
    <SectionCard
      title="security.two_factor.title"
      action={status && <Chip color={status.enabled ? 'success' : 'default'} label={translate(status.enabled ? 'security.two_factor.on' : 'security.two_factor.off')} />}
    >
      {error ? (
        <Alert severity="error">{error.message || translate('ra.notification.http_error')}</Alert>
      ) : !status ? (
        <Loading />
      ) : codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => setCodes(null)}
        />
      ) : stage === 'enrolling' ? (
        <EnrolTwoFactor
          onEnrolled={(recoveryCodes) => {
            setStage('idle');
            setCodes(recoveryCodes);
            notify('security.two_factor.enabled', { type: 'success' });
            changed();
          }}
          onCancel={() => setStage('idle')}
        />
      ) : status.enabled ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{translate('security.two_factor.on_intro')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('security.two_factor.codes_left', { count: status.recovery_codes_left })}
          </Typography>
          {status.required ? (
            <Typography variant="body2" color="text.secondary">
              {translate('security.two_factor.required_cannot_disable')}
            </Typography>
          ) : (
            <Button variant="outlined" color="error" onClick={() => setStage('disabling')}>
              {translate('security.disable.open')}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {status.required && (
            <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
              {translate('security.two_factor.required_notice')}
            </Alert>
          )}
          <Typography>{translate('security.two_factor.off_intro')}</Typography>
          <Button variant="contained" onClick={() => setStage('enrolling')}>
            {translate('security.two_factor.set_up')}
          </Button>
        </Stack>
      )}
      {stage === 'disabling' && (
        <DisableDialog
          onClose={() => setStage('idle')}
          onDone={() => {
            notify('security.two_factor.disabled', { type: 'success' });
            changed();
          }}
        />
      )}
    </SectionCard>
  );
}
