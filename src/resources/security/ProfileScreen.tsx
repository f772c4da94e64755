import { Alert, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { PrivacySection } from '../privacy/PrivacySection';
import { MarketingMailSection } from '../privacy/MarketingMailSection';
import { NoticePreferencesSection } from '../automail/NoticePreferencesSection';

/**
 * /profile, the user's own account: who they are, two-factor sign-in and where they are signed in.
 * An admin the company requires two-factor of lands here until it is on (the server allows nothing else).
 */
export default function ProfileScreen() {
  const translate = useTranslate();
  const title = usePortalTitle('profile');
  const core = useCore();
  return (
    <Stack spacing={2} sx={{ my: 2, maxWidth: 960 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {core && (
        <Typography color="text.secondary">
          {core.user.name} · <span dir="ltr">{core.user.email}</span>
        </Typography>
      )}
      {core?.user.two_factor?.enrolment_required && (
        <Alert severity="warning" role="alert">
          {translate('security.two_factor.required_notice')}
        </Alert>
      )}
      <TwoFactorSection />
      <SessionsSection />
      {/* POPIA: a member's users export the member's data and ask for its erasure here. */}
      {core?.user.client && ['stockist', 'individual'].includes(core.user.role.role_name) && <PrivacySection clientId={core.user.client.id} isAdmin={false} />}
      {/* POPIA: a member gives or withdraws its consent to marketing mail here. */}
      {core?.user.client && <MarketingMailSection clientId={core.user.client.id} />}
      {/* A member chooses which notices its client gets. */}
      {core?.user.client && <NoticePreferencesSection />}
    </Stack>
  );
}
