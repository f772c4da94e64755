import { apiPost } from '../../providers/http';

/** The calls of two-factor sign-in and sessions (server/modules/auth/securityRoutes.ts). */
export interface TwoFactorStatus {
  enabled: boolean;
  required: boolean;
  recovery_codes_left: number;
}

export interface SessionRow {
  id: string;
  user_agent: string;
  ip: string;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

export const enrolTwoFactor = () => apiPost<{ secret: string; otpauth_url: string }>('api/auth/2fa/enrol');
export const confirmTwoFactor = (code: string) => apiPost<{ recovery_codes: string[] }>('api/auth/2fa/confirm', { code });
export const disableTwoFactor = (code: string) => apiPost('api/auth/2fa/disable', { code });
export const endSession = (id: string) => apiPost('api/auth/sessions/end', { id });
export const resetUserTwoFactor = (id: number) => apiPost('api/admin/resettwofactor', { id });
export const endUserSessions = (id: number) => apiPost('api/admin/endsessions', { id });
