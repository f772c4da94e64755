import { expect, test } from '@playwright/test';
import { expectBackOffice, signIn, storedTokens } from './support';

// Each demo user signs in through the form and lands on the start page of its role,
// whose tab reads "<page> — Members Portal" (`title`, where the heading says more than the page's name).
const starts: { email: string; start: RegExp; heading: string; title?: string }[] = [
  { email: 'admin@example.com', start: /\/members$/, heading: 'Members' },
  { email: 'production@example.com', start: /\/orders$/, heading: 'Orders' },
  { email: 'reseller@example.com', start: /\/reps\/view\/\d+$/, heading: 'My clients', title: 'Rep' },
  { email: 'stockist@example.com', start: /\/clients\/view\/\d+$/, heading: 'Member' },
  { email: 'individual@example.com', start: /\/clients\/view\/\d+$/, heading: 'Member' },
];

for (const { email, start, heading, title = heading } of starts) {
  test(`${email} signs in and lands on its start page`, async ({ page }) => {
    await page.goto('/login');
    await signIn(page, email);
    await expect(page).toHaveURL(start);
    await expectBackOffice(page);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${title} — Members Portal`);
    const { token, mirror } = await storedTokens(page);
    expect(token).toBeTruthy();
    expect(mirror).toBe(token);
  });
}

test('a wrong password keeps the visitor on the sign-in page with a message', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'admin@example.com', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the stockist and the individual land on different clients', async ({ browser }) => {
  const urls: string[] = [];
  for (const email of ['stockist@example.com', 'individual@example.com']) {
    const page = await browser.newPage();
    await page.goto('/login');
    await signIn(page, email);
    await expect(page).toHaveURL(/\/clients\/view\/\d+$/);
    urls.push(page.url());
    await page.close();
  }
  expect(urls[0]).not.toBe(urls[1]);
});
