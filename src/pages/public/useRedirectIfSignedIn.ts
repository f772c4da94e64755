import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { session } from '../../providers/session';
import { safeRedirect, startPageFor } from '../../routes';

/**
 * A signed-in user opening the sign-in, forgot-password or reset-password page is sent
 * on (to `redirectFrom` if given, else the role's start page). Answers whether the check is done.
 */
export function useRedirectIfSignedIn(redirectFrom: string | null = null): boolean {
  const navigate = useNavigate();
  const [checked, setChecked] = useState(!session.isLoggedIn());

  useEffect(() => {
    if (!session.isLoggedIn()) return;
    let live = true;
    session
      .validate()
      .then(async (valid) => {
        if (!live) return;
        if (!valid) return setChecked(true);
        const core = await session.loadCore();
        if (live) navigate(safeRedirect(redirectFrom) ?? startPageFor(core.user), { replace: true });
      })
      .catch(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, [navigate, redirectFrom]);

  return checked;
}
