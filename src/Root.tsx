import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, matchPath, useLocation } from 'react-router-dom';
import { PublicI18nProvider } from './i18n/PublicI18n';
import { ScrollManager } from './ScrollManager';
import { protectedRoutes, publicPaths } from './routes';

// Every screen is its own chunk; the public ones never import react-admin (DESIGN §5).
const Login = lazy(() => import('./pages/public/Login'));
const ForgotPassword = lazy(() => import('./pages/public/ForgotPassword'));
const ResetPassword = lazy(() => import('./pages/public/ResetPassword'));
const NotFound = lazy(() => import('./pages/public/NotFound'));
const TrackOrder = lazy(() => import('./pages/public/TrackOrder'));
const Register = lazy(() => import('./pages/public/Register'));
const CompleteMembership = lazy(() => import('./pages/public/CompleteMembership'));
const AdminApp = lazy(() => import('./AdminApp'));

/**
 * Back-office paths go to react-admin; any path that is neither public nor back office goes to /404.
 * Below a route (`/members/create`, `/users/12`) are its react-admin resource's own pages; the back
 * office sends what it does not know there to /404 itself (its catch-all).
 */
function BackOfficeOrNotFound() {
  const { pathname } = useLocation();
  const known = protectedRoutes.some(
    (route) => matchPath({ path: route.path, end: true }, pathname) || (route.path !== '/' && matchPath({ path: `${route.path}/*` }, pathname)),
  );
  return known ? <AdminApp /> : <Navigate to={publicPaths.notFound} replace />;
}

export function Root() {
  return (
    <BrowserRouter>
      <ScrollManager />
      <PublicI18nProvider>
        <Suspense fallback={null}>
          <Routes>
            <Route path={publicPaths.login} element={<Login />} />
            <Route path={publicPaths.forgotPassword} element={<ForgotPassword />} />
            <Route path={publicPaths.resetPassword} element={<ResetPassword />} />
            <Route path={publicPaths.notFound} element={<NotFound />} />
            <Route path={publicPaths.trackOrder} element={<TrackOrder />} />
            <Route path={publicPaths.register} element={<Register />} />
            <Route path={publicPaths.completeMembership} element={<CompleteMembership />} />
            <Route path="*" element={<BackOfficeOrNotFound />} />
          </Routes>
        </Suspense>
      </PublicI18nProvider>
    </BrowserRouter>
  );
}
