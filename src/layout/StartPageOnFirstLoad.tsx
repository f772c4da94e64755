import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { session } from '../providers/session';
import { startPageFor } from '../routes';

/**
 * A validated user who has just had core data loaded is sent to their role's start page.
 * We apply it when the page load lands on the root route; a deep link (a bookmark, a refresh of
 * an order) keeps its place, which is what people expect of a back office.
 */
export function StartPageOnFirstLoad() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const core = session.takeFreshCore();
    if (core && pathname === '/') navigate(startPageFor(core.user), { replace: true });
    // Only the first render after core data arrived matters.
  }, []);
  return null;
}
