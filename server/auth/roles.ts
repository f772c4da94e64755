/** The portal's five roles. Their start pages live in the SPA (src/routes.ts). */
export const roleNames = ['admin', 'stockist', 'individual', 'production', 'reseller'] as const;
export type RoleName = (typeof roleNames)[number];

/** Members are the roles that belong to a client and see only that client's records. */
export const memberRoles: RoleName[] = ['stockist', 'individual'];
/** Who reads and keeps the stock figures (levels, movements, a product's low-stock mark): the company's people. */
export const stockKeepers: RoleName[] = ['admin', 'production'];

/** Who may call a route: anybody, any signed-in user, or the listed roles. */
export type Access = 'public' | 'signed-in' | readonly RoleName[];

export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  role: RoleName;
  roleId: number;
  clientId: number | null;
  tokenVersion: number;
  /** Known for the caller of a request (server/http/authentication.ts), not for users a service acts as. */
  /** The sign-in this request's token belongs to (null for a token made outside a sign-in). */
  sessionId?: string | null;
  twoFactorEnabled?: boolean;
  /** An admin without two-factor while the company requires it: only enrolment is open to them. */
  mustEnrolTwoFactor?: boolean;
}

export function allows(access: Access, user: CurrentUser | null): 'yes' | 'unauthenticated' | 'forbidden' {
  if (access === 'public') return 'yes';
  if (!user) return 'unauthenticated';
  if (access === 'signed-in') return 'yes';
  return access.includes(user.role) ? 'yes' : 'forbidden';
}
