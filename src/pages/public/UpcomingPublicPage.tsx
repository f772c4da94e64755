import { Alert, Typography } from '@mui/material';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { PublicShell } from './PublicShell';

/**
 * A public page whose content is not built yet (tracking: orders; registration and
 * completion: membership). It says so plainly instead of pretending to work.
 */
export function UpcomingPublicPage({ page, intro }: { page: string; intro: string }) {
  const { translate } = usePublicI18n();
  return (
    <PublicShell page={page} width="sm">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(intro)}
      </Typography>
      <Alert severity="info">{translate('app.upcoming.body')}</Alert>
    </PublicShell>
  );
}
