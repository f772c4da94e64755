import { Navigate, useLocation } from 'react-router-dom';
import { useCore } from '../providers/useCore';
import { PROFILE_PATH } from '../routes';

/**
 * An admin the company requires two-factor of, without it yet, is kept on the account page where
 * enrolment is. The server refuses them everything else anyway; this only spares them the errors.
 */
export function TwoFactorEnrolmentGuard() {
  const core = useCore();
  const { pathname } = useLocation();
  if (core?.user.two_factor?.enrolment_required && pathname !== PROFILE_PATH) return <Navigate to={PROFILE_PATH} replace />;
  return null;
}
