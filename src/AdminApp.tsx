import { useEffect, useMemo, useState } from 'react';
import { Admin, CustomRoutes, LoadingPage, Resource, defaultTheme, localStorageStore, type I18nProvider } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { deepmerge } from '@mui/utils';
import { createTheme } from '@mui/material/styles';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { prepareOfflineApp, queryClient } from './offline/offlineApp';
import { createI18nProvider } from './providers/i18nProvider';
import { isRtl, onLocaleChange, storedLocale } from './i18n/localePreference';
import { PortalLayout } from './layout/PortalLayout';
import { ProgressLabels } from './layout/ProgressLabels';
import { RouteNotification } from './layout/RouteNotification';
import { protectedRoutes } from './routes';
import { resources } from './resources';
import { screenFor } from './screens';
import { DirectionalStyles } from './theme/DirectionalStyles';
import { themeOptions } from './theme/palette';
import { adminComponents } from './theme/adminComponents';

const store = localStorageStore(undefined, 'MembersPortal');
const HomeScreen = screenFor('home');
const Dashboard = () => <HomeScreen />;
const resourcePaths = new Set(resources.map((resource) => `/${resource.name}`));
const routeScreens = protectedRoutes
  .filter((route) => route.path !== '/' && !resourcePaths.has(route.path))
  .map((route) => ({ path: route.path, Screen: screenFor(route.page) }));

const ToNotFound = () => <Navigate to="/404" replace />;
// Shown while the session is checked, outside the layout (and its ProgressLabels).
const LabelledLoadingPage = () => (
  <ProgressLabels>
    <LoadingPage />
  </ProgressLabels>
);

/**
 * The back office: react-admin inside the outer router (src/Root.tsx). Every route needs a
 * validated session (requireAuth runs authProvider.checkAuth); sign-in lives in the public bundle.
 */
export default function AdminApp() {
  const [i18nProvider, setI18nProvider] = useState<I18nProvider | null>(null);
  const [locale, setLocale] = useState(storedLocale);

  useEffect(() => {
    // react-admin keeps its own copy of the language; the shared preference wins.
    store.setItem('locale', storedLocale());
    // The messages and, for a member or rep, the screens' data kept from before (offline-tolerant app).
    Promise.all([createI18nProvider(), prepareOfflineApp()]).then(([provider]) => setI18nProvider(provider));
    return onLocaleChange(setLocale);
  }, []);

  const direction = isRtl(locale) ? 'rtl' : 'ltr';
  const theme = useMemo(() => createTheme(deepmerge(deepmerge(defaultTheme, themeOptions(direction)), { components: adminComponents })), [direction]);
  if (!i18nProvider) return null;

  return (
    <DirectionalStyles direction={direction}>
      <Admin
        title="Members Portal"
        authProvider={authProvider}
        dataProvider={dataProvider}
        queryClient={queryClient}
        i18nProvider={i18nProvider}
        store={store}
        theme={theme}
        layout={PortalLayout}
        loading={LabelledLoadingPage}
        dashboard={Dashboard}
        notification={RouteNotification}
        catchAll={ToNotFound}
        loginPage={false}
        requireAuth
        disableTelemetry
      >
        {resources.map((resource) => (
          <Resource key={resource.name} {...resource} />
        ))}
        <CustomRoutes>
          {routeScreens.map(({ path, Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
        </CustomRoutes>
      </Admin>
    </DirectionalStyles>
  );
}
