import { Box, Link } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { usePublicI18n } from '../../i18n/PublicI18n';

/** Every public page (sign-in, registration…) links the privacy page (POPIA s18: the person is told where to look). */
export function PrivacyFooter() {
  const { translate } = usePublicI18n();
  const { pathname } = useLocation();
  if (pathname === '/privacy') return null;
  return (
    <Box component="footer" sx={{ mt: 2, textAlign: 'center' }}>
      <Link component={RouterLink} to="/privacy" variant="body2">
        {translate('privacy.public.link')}
      </Link>
    </Box>
  );
}
