import { useEffect, useState } from 'react';
import { Alert, Box, Link, Typography } from '@mui/material';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { apiGet } from '../../providers/http';
import { CenteredLink } from './formParts';
import { PublicShell } from './PublicShell';

interface Officer {
  name: string;
  email: string;
  phone: string;
}

const rights = ['right_access', 'right_correction', 'right_objection', 'right_erasure', 'right_complaint'] as const;

/** The information officer as the admin named them (privacy/officer); null while loading, 'failed' when it could not be read. */
function useOfficer(): Officer | null | 'failed' {
  const [officer, setOfficer] = useState<Officer | null | 'failed'>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiGet<{ data: Officer }>('api/privacy/officer', undefined, controller.signal).then(
      (answer) => setOfficer(answer.data),
      () => !controller.signal.aborted && setOfficer('failed'),
    );
    return () => controller.abort();
  }, []);
  return officer;
}

/**
 * /privacy (POPIA): what the portal processes and why, the person's rights, and how to
 * reach the information officer. Text only, on purpose: a public page counts against the weight budget.
 */
export default function Privacy() {
  const { translate } = usePublicI18n();
  const officer = useOfficer();
  const t = (key: string) => translate(`privacy.public.${key}`);
  const named = officer && officer !== 'failed' && (officer.name || officer.email || officer.phone);
  return (
    <PublicShell page="privacy" width="sm">
      <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
      <Typography variant="h6" component="h2">
        {t('what_title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('what_body')}</Typography>
      <Typography variant="h6" component="h2">
        {t('why_title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('why_body')}</Typography>
      <Typography variant="h6" component="h2">
        {t('rights_title')}
      </Typography>
      <Box component="ul" sx={{ mt: 0, mb: 2, ps: 3 }}>
        {rights.map((right) => (
          <Typography component="li" key={right}>
            {t(right)}
          </Typography>
        ))}
      </Box>
      <Typography variant="h6" component="h2">
        {t('officer_title')}
      </Typography>
      <Box data-testid="information-officer" aria-busy={officer === null}>
        {officer === 'failed' ? (
          <Alert severity="warning">{t('officer_failed')}</Alert>
        ) : officer === null ? null : named ? (
          <>
            <Typography>{t('officer_intro')}</Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, my: 1, '& dd': { m: 0 } }}>
              {officer.name && (
                <>
                  <dt>{t('name')}</dt>
                  <dd>{officer.name}</dd>
                </>
              )}
              {officer.email && (
                <>
                  <dt>{t('email')}</dt>
                  <dd>
                    <Link href={`mailto:${officer.email}`} dir="ltr">
                      {officer.email}
                    </Link>
                  </dd>
                </>
              )}
              {officer.phone && (
                <>
                  <dt>{t('phone')}</dt>
                  <dd dir="ltr">{officer.phone}</dd>
                </>
              )}
            </Box>
          </>
        ) : (
          <Typography color="text.secondary">{t('officer_none')}</Typography>
        )}
      </Box>
      <CenteredLink to="/login">{translate('app.auth.back_to_sign_in')}</CenteredLink>
    </PublicShell>
  );
}
