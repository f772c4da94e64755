import { Box, Container, CssBaseline, Paper, Typography } from '@mui/material';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { locales, type Locale } from '../../../i18n/locales';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { isRtl } from '../../i18n/localePreference';
import { usePageTitle } from '../../i18n/pageTitle';
import { DirectionalStyles } from '../../theme/DirectionalStyles';
import { themeOptions } from '../../theme/palette';
import { NativeChoice } from './formParts';
import { PrivacyFooter } from './PrivacyFooter';

/** The frame of every public page: the portal's name, a language choice and one card of content. */
interface PublicShellProps {
  /** Key under app.pages: the browser tab's title, and the heading unless `heading` is given. */
  page: string;
  heading?: string;
  width?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

export function PublicShell({ page, heading, width = 'xs', children }: PublicShellProps) {
  const { locale, translate, setLocale } = usePublicI18n();
  const direction = isRtl(locale) ? 'rtl' : 'ltr';
  const theme = useMemo(() => createTheme(themeOptions(direction)), [direction]);
  const pageName = translate(`app.pages.${page}`);
  usePageTitle(translate('app.page_title', { page: pageName }));

  return (
    <DirectionalStyles direction={direction}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', py: 4 }}>
          <Container maxWidth={width}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2 }}>
              <Typography variant="h6" component="p" color="primary" sx={{ fontWeight: 700 }}>
                {translate('app.title')}
              </Typography>
              <NativeChoice
                size="small"
                margin="none"
                fullWidth={false}
                label={translate('app.layout.language')}
                value={locale}
                onValue={(value) => setLocale(value as Locale)}
                sx={{ minWidth: 140 }}
                inputProps={{ 'data-testid': 'language-select' }}
              >
                {locales.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {translate(`app.languages.${code}`)}
                  </option>
                ))}
              </NativeChoice>
            </Box>
            <Paper sx={{ p: { xs: 3, sm: 4 } }} elevation={2}>
              <Typography variant="h5" component="h1" gutterBottom>
                {heading ?? pageName}
              </Typography>
              {children}
            </Paper>
            <PrivacyFooter />
          </Container>
        </Box>
      </ThemeProvider>
    </DirectionalStyles>
  );
}
