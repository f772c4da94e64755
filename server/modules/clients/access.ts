import { memberRoles, type CurrentUser } from '../../auth/roles';
import { notFound } from '../../http/errors';

export const isMember = (user: CurrentUser) => memberRoles.includes(user.role);

/**
 * A member (stockist, individual) sees only its own client; any other id answers 404 as if it did
 * not exist (no existence leaks). Company roles pass.
 */
export function assertClientVisible(user: CurrentUser, clientId: number): void {
  if (isMember(user) && user.clientId !== clientId) throw notFound('Client');
}
