import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { PublicShell } from './PublicShell';

/** "Sorry, page not found" and a "Back to Dashboard" button to the root route. */
export default function NotFound() {
  const { translate } = usePublicI18n();
  return (
    <PublicShell page="not_found" heading={translate('app.not_found.title')}>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 2 }}>
        {translate('app.not_found.back')}
      </Button>
    </PublicShell>
  );
}
