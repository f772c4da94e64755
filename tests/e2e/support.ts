import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-pass-1234';

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function storedTokens(page: Page) {
  return page.evaluate(() => ({ token: localStorage.getItem('x_token'), mirror: localStorage.getItem('auth.currentUser') }));
}

/** The back office has rendered: the top bar with the user menu is there. */
export async function expectBackOffice(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
}

/**
 * Opens the home page (the role's dashboard). The first load of `/` goes on to the role's start
 * page (the portal's contract), so the dashboard is reached from inside the app, as the menu's
 * Dashboard entry does.
 */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await page.waitForURL((url) => url.pathname !== '/');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.waitForURL((url) => url.pathname === '/');
}
