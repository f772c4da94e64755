import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { axeFindings, headingFindings, message, settle, useSession, type Finding } from './support/axe';
import { tabTo } from './support/keyboard';
import { TWO_FACTOR_PASSWORD as PASSWORD, newProductionUser } from './support/twoFactor';

/**
 * A user turns on two-factor sign-in on their profile (QR code, key, a first code
 * computed here from the key shown), keeps the recovery codes, signs out from the list of sessions,
 * signs in again with a code from the "app", then with a recovery code, which works only once,
 * and turns it off with another recovery code (the password alone is not asked for, nor enough).
 * With the keyboard alone, and axe-clean at every step, in English and in Arabic.
 */

/** What the authenticator app would show: for the next 30-second step (the one just used is spent). */
const nextCode = (key: string) => new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: Date.now() + 30_000 });

async function typeSignIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  // The email field has the focus when the page opens.
  await expect(page.locator('input[name="email"]')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
}

async function pressButton(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

async function audit(page: Page, findings: Finding[], name: string): Promise<void> {
  await settle(page);
  findings.push(...(await axeFindings(page, name)), ...(await headingFindings(page, name)));
}

for (const locale of ['en', 'ar'] as const) {
  test(`enrol, sign in with a code, then with a recovery code once (${locale})`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const t = (key: string) => message(locale, key);
    const findings: Finding[] = [];
    const email = await newProductionUser(request, locale);
    await useSession(page, locale);

    // Signed in with the password alone (two-factor is off): the production start page.
    await typeSignIn(page, email);
    await expect(page).toHaveURL(/\/orders$/);

    // My profile: set up, scan (the key as text is what the test reads), confirm with a first code.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: t('app.pages.profile') })).toBeVisible();
    await pressButton(page, t('security.two_factor.set_up'));
    await expect(page.getByTestId('two-factor-qr')).toBeVisible();
    await expect(page.getByRole('img', { name: t('security.enrol.qr_alt') })).toBeVisible();
    await audit(page, findings, `enrolment (${locale})`);
    const key = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await tabTo(page, page.getByLabel(t('security.enrol.code')));
    await page.keyboard.type(new TOTP({ secret: Secret.fromBase32(key) }).generate());
    await page.keyboard.press('Enter');

    // The ten recovery codes, shown once.
    const list = page.getByTestId('recovery-codes');
    await expect(list.locator('li')).toHaveCount(10);
    const codes = await list.locator('li').allInnerTexts();
    await audit(page, findings, `recovery codes (${locale})`);
    await pressButton(page, t('security.recovery.done'));
    await expect(page.getByText(t('security.two_factor.on_intro'))).toBeVisible();
    await audit(page, findings, `profile, two-factor on (${locale})`);

    // Sign out of this device from the list of sessions.
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(t('security.sessions.this_device'));
    await pressButton(page, t('security.sessions.sign_out'));
    await expect(page).toHaveURL(/\/login$/);

    // The password alone is not enough now: the second step asks for the app's code.
    await typeSignIn(page, email);
    const codeField = page.getByLabel(t('app.auth.code'), { exact: true });
    await expect(codeField).toBeFocused();
    await audit(page, findings, `sign-in, second step (${locale})`);
    await page.keyboard.type(nextCode(key));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/orders$/);

    // Signed out again; this time a recovery code instead of the phone.
    await page.goto('/profile');
    await pressButton(page, t('security.sessions.sign_out'));
    await expect(page).toHaveURL(/\/login$/);
    await typeSignIn(page, email);
    await pressButton(page, t('app.auth.use_recovery_code'));
    await expect(page.getByLabel(t('app.auth.recovery_code'), { exact: true })).toBeFocused();
    await audit(page, findings, `sign-in, recovery code (${locale})`);
    await page.keyboard.type(codes[0]!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/orders$/);

    // The same recovery code does not work twice.
    await page.goto('/profile');
    await expect(page.getByText(message(locale, 'security.two_factor.codes_left'))).toContainText('9');
    await pressButton(page, t('security.sessions.sign_out'));
    await typeSignIn(page, email);
    await pressButton(page, t('app.auth.use_recovery_code'));
    await page.keyboard.type(codes[0]!);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(t('app.auth.recovery_code_wrong'));
    await expect(page).toHaveURL(/\/login$/);

    // Turning it off asks for a code, never the password: a wrong one is refused, a recovery code does it.
    await page.getByLabel(t('app.auth.recovery_code'), { exact: true }).fill(codes[1]!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/orders$/);
    await page.goto('/profile');
    await pressButton(page, t('security.disable.open'));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(t('security.disable.lost_phone'))).toBeVisible();
    await expect(dialog.locator('input[type="password"]')).toHaveCount(0);
    await audit(page, findings, `turning two-factor off (${locale})`);
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText(t('security.disable.code_wrong'));
    await dialog.getByLabel(t('security.disable.code')).fill(codes[2]!);
    await page.keyboard.press('Enter');
    await expect(page.getByText(t('security.two_factor.off_intro'))).toBeVisible();

    expect(findings, findings.map((finding) => `${finding.screen}: ${finding.text}`).join('\n')).toEqual([]);
  });
}
