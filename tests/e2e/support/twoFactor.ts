import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiGetAs, apiSignIn } from './axe';

export const TWO_FACTOR_PASSWORD = 'two-factor-pass-1234';

const headers = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' });

/** A fresh production user made by the demo admin, so no other test's account changes. */
export async function newProductionUser(request: APIRequestContext, label: string): Promise<string> {
  const admin = await apiSignIn(request, 'admin@example.com');
  const roles = await apiGetAs<{ data: { id: number; name: string }[] }>(request, admin, 'api/admin/roles?page=1&perPage=50');
  const email = `two-factor-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const made = await request.post('api/admin/createuser', {
    headers: headers(admin),
    data: { name: `Tess ${label}`, email, password: TWO_FACTOR_PASSWORD, role_id: roles.data.find((role) => role.name === 'production')!.id },
  });
  if (!made.ok()) throw new Error(`createuser failed: ${made.status()} ${await made.text()}`);
  return email;
}

/** A fresh user with two-factor on, enrolled through the API with a code computed from the secret. */
export async function newEnrolledUser(request: APIRequestContext, label: string): Promise<string> {
  const email = await newProductionUser(request, label);
  const login = await request.post('api/auth/login', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { email, password: TWO_FACTOR_PASSWORD } });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const enrol = await request.post('api/auth/2fa/enrol', { headers: headers(token) });
  const { secret } = (await enrol.json()) as { secret: string };
  const confirm = await request.post('api/auth/2fa/confirm', { headers: headers(token), data: { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() } });
  if (!confirm.ok()) throw new Error(`2fa confirm failed: ${confirm.status()}`);
  return email;
}
