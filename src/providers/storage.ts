import { forgetAnswers } from './revalidation';

/** The portal's browser storage keys; they are a contract with the deployed portal, keep them exactly. */
export const TOKEN_KEY = 'x_token';
export const TOKEN_MIRROR_KEY = 'auth.currentUser';
export const SELECTED_BRANCH_KEY = 'selected_branch_id';
export const LOCALE_KEY = 'locale';
export const LAYOUT_KEY = 'layout_type';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(TOKEN_MIRROR_KEY, token);
}

export function clearToken(): void {
  forgetAnswers();
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(TOKEN_MIRROR_KEY);
}
