import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, matchPath, useLocation } from 'react-router-dom';
import { loadMessages } from '../i18n/locales';
import { PublicI18nProvider } from './i18n/PublicI18n';
import { loadPublicMessages } from './i18n/publicMessages';
import { storedLocale } from './i18n/localePreference';
import { ScrollManager } from './ScrollManager';
import { protectedRoutes, publicPaths } from './routes';

// Every screen is its own chunk; the public ones never import react-admin.
const publicPages = {
  [publicPaths.login]: () => import('./pages/public/Login'),
  [publicPaths.forgotPassword]: () => import('./pages/public/ForgotPassword'),
  [publicPaths.resetPassword]: () => import('./pages/public/ResetPassword'),
  [publicPaths.notFound]: () => import('./pages/public/NotFound'),
  [publicPaths.trackOrder]: () => import('./pages/public/TrackOrder'),
  [publicPaths.register]: () => import('./pages/public/Register'),
  [publicPaths.completeMembership]: () => import('./pages/public/CompleteMembership'),
  [publicPaths.unsubscribe]: () => import('./pages/public/Unsubscribe'),
  [publicPaths.privacy]: () => import('./pages/public/Privacy'),
};
const loadAdminApp = () => import('./AdminApp');

function isBackOfficePath(pathname: string): boolean {
  return protectedRoutes.some(
    (route) => matchPath({ path: route.path, end: true }, pathname) || (route.path !== '/' && matchPath({ path: `${route.path}/*` }, pathname)),
  );
}

/**
 * The first page's chunk is requested at once, beside its messages (a public page's share, or the
 * back office's language file when it is not English), instead of after them: the page renders
 * only once its messages are in, so waiting would chain three downloads.
 */
function preloadFirstPage(pathname: string): void {
  const page = Object.entries(publicPages).find(([path]) => matchPath({ path, end: true }, pathname));
  const backOffice = !page && isBackOfficePath(pathname);
  if (page || backOffice) void (page ? page[1]() : loadAdminApp()).catch(() => undefined);
  const locale = storedLocale();
  // English's shell part is in the shell's chunk (i18n/en.core.ts); another language comes whole.
  if (!backOffice) void loadPublicMessages(locale).catch(() => undefined);
  else if (locale !== 'en') void loadMessages(locale).catch(() => undefined);
}
if (typeof window !== 'undefined') preloadFirstPage(window.location.pathname);

const Login = lazy(publicPages[publicPaths.login]);
const ForgotPassword = lazy(publicPages[publicPaths.forgotPassword]);
const ResetPassword = lazy(publicPages[publicPaths.resetPassword]);
const NotFound = lazy(publicPages[publicPaths.notFound]);
const TrackOrder = lazy(publicPages[publicPaths.trackOrder]);
const Register = lazy(publicPages[publicPaths.register]);
const CompleteMembership = lazy(publicPages[publicPaths.completeMembership]);
const Unsubscribe = lazy(publicPages[publicPaths.unsubscribe]);
const Privacy = lazy(publicPages[publicPaths.privacy]);
const AdminApp = lazy(loadAdminApp);

/**
 * Back-office paths go to react-admin; any path that is neither public nor back office goes to /404.
 * Below a route (`/members/create`, `/users/12`) are its react-admin resource's own pages; the back
 * office sends what it does not know there to /404 itself (its catch-all).
 */
function BackOfficeOrNotFound() {
  const { pathname } = useLocation();
  return isBackOfficePath(pathname) ? <AdminApp /> : <Navigate to={publicPaths.notFound} replace />;
}

/** The public pages share one message provider; the back office has react-admin's. */
function PublicPages() {
  return (
    <PublicI18nProvider>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </PublicI18nProvider>
  );
}

export function Root() {
  return (
    <BrowserRouter>
      <ScrollManager />
      <Suspense fallback={null}>
        <Routes>
          <Route element={<PublicPages />}>
            <Route path={publicPaths.login} element={<Login />} />
            <Route path={publicPaths.forgotPassword} element={<ForgotPassword />} />
            <Route path={publicPaths.resetPassword} element={<ResetPassword />} />
            <Route path={publicPaths.notFound} element={<NotFound />} />
            <Route path={publicPaths.trackOrder} element={<TrackOrder />} />
            <Route path={publicPaths.register} element={<Register />} />
            <Route path={publicPaths.completeMembership} element={<CompleteMembership />} />
            <Route path={publicPaths.unsubscribe} element={<Unsubscribe />} />
            <Route path={publicPaths.privacy} element={<Privacy />} />
          </Route>
          <Route path="*" element={<BackOfficeOrNotFound />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
