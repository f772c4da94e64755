import { Box, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { roleLabel } from '../../i18n/roleName';
import { ApiError, apiGet } from '../../providers/http';
import { isSecondStep, session } from '../../providers/session';
import { type Core, safeRedirect, startPageFor } from '../../routes';
import { CenteredLink, FormAlert, FormField, SubmitButton } from './formParts';
import { PublicShell } from './PublicShell';
import { SecondStep } from './SecondStep';
import { useRedirectIfSignedIn } from './useRedirectIfSignedIn';
import { useBrowserOnline } from '../../offline/useBrowserOnline';

interface DemoAccounts {
  password: string;
  accounts: { email: string; role: string }[];
}

/** Loads the back office while the visitor types, after the sign-in page itself is ready. */
function prefetchBackOffice(): () => void {
  const timer = setTimeout(() => void import('../../AdminApp'), 1500);
  return () => clearTimeout(timer);
}

export default function Login() {
  const { translate } = usePublicI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectFrom = params.get('redirectFrom');
  const ready = useRedirectIfSignedIn(redirectFrom);
  const online = useBrowserOnline();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [demo, setDemo] = useState<DemoAccounts | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(prefetchBackOffice, []);
  useEffect(() => {
    apiGet<{ data: DemoAccounts }>('api/auth/demo-accounts')
      .then((answer) => setDemo(answer.data.accounts.length ? answer.data : null))
      .catch(() => setDemo(null));
  }, []);

  /** An admin who must set up two-factor goes to enrolment whatever page they came from. */
  const enter = (core: Core) =>
    navigate((core.user.two_factor?.enrolment_required ? null : safeRedirect(redirectFrom)) ?? startPageFor(core.user), { replace: true });

  // No client-side validation of the email or password; the server decides.
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await session.login(email, password);
      if (isSecondStep(answer)) {
        setBusy(false);
        setChallenge(answer.challenge);
      } else {
        enter(answer);
      }
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && (failure.status === 401 || failure.status === 400)) {
        setError(translate('app.auth.invalid_credentials'));
      } else if (failure instanceof ApiError && failure.status === 429) {
        setError(translate('app.auth.too_many_attempts'));
      } else {
        setError(translate('app.auth.network_error'));
      }
    }
  }

  if (!ready) return null;
  if (challenge) {
    return (
      <PublicShell page="login">
        <SecondStep
          challenge={challenge}
          onSignedIn={enter}
          onRestart={(message) => {
            setChallenge(null);
            setPassword('');
            setNotice(message || null);
          }}
        />
      </PublicShell>
    );
  }
  return (
    <PublicShell page="login">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.auth.sign_in_title')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <FormAlert message={error ?? notice} />
        {/* Signing in cannot work offline; an installed app already signed in opens without it. */}
        <FormAlert severity="info" message={online ? null : translate('app.auth.offline')} />
        <FormField
          label={translate('app.auth.email')}
          name="email"
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          onValue={setEmail}
        />
        <FormField
          label={translate('app.auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
        />
        <SubmitButton busy={busy}>{busy ? translate('app.auth.signing_in') : translate('app.auth.sign_in')}</SubmitButton>
        <CenteredLink to="/forgot-password">{translate('app.auth.forgot_link')}</CenteredLink>
        <CenteredLink to="/register">{translate('membership.register.link')}</CenteredLink>
      </Box>
      {demo && (
        <Box sx={{ mt: 3 }} data-testid="demo-accounts">
          <Typography variant="subtitle2">{translate('app.auth.demo_accounts')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.auth.demo_hint', { password: demo.password })}
          </Typography>
          <List dense>
            {demo.accounts.map((account) => (
              <ListItem key={account.email} disablePadding>
                {/* Named by what it shows, the email and the role (WCAG 2.5.3, label in name). */}
                <ListItemButton
                  onClick={() => {
                    setEmail(account.email);
                    setPassword(demo.password);
                  }}
                >
                  <ListItemText primary={account.email} secondary={roleLabel(translate, { name: account.role })} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </PublicShell>
  );
}
