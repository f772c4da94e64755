import { expect, test, type Page } from '@playwright/test';
import { expectBackOffice, signIn } from './support';

/**
 * The strict CSP (no 'unsafe-inline') breaks nothing: every screen below renders styled
 * (MUI's emotion styles carry the page's nonce) and the browser reports no violation at all, neither
 * as a `securitypolicyviolation` event nor on the console.
 */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

/** MUI's styles are in (emotion's style elements, each with the nonce) and applied (the theme's font). */
async function expectStyled(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  const styles = await page.evaluate(() => ({
    emotion: document.querySelectorAll('style[data-emotion]').length,
    unnonced: [...document.querySelectorAll('style')].filter((style) => !style.nonce).length,
    fontFamily: getComputedStyle(document.body).fontFamily,
  }));
  expect(styles.emotion).toBeGreaterThan(0);
  expect(styles.unnonced).toBe(0);
  expect(styles.fontFamily).toMatch(/Roboto|Helvetica|Arial/);
}

test('the public pages and the back office render styled with no CSP violation, the rich text editor and the mail preview included', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await recordViolations(page);
  for (const path of ['/login', '/forgot-password', '/register', '/404']) {
    await page.goto(path);
    await expectStyled(page);
  }
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);
  for (const path of ['/members', '/orders', '/products', '/sales-leads', '/audit-log', '/mail-queue']) {
    await page.goto(path);
    await expectBackOffice(page);
    await expectStyled(page);
  }
  // The rich text editor (tiptap writes its own style element) and the sandboxed preview, whose mail
  // footer is styled inline in the mail.
  await page.goto('/email-templates/create');
  await page.getByRole('textbox', { name: 'Subject' }).fill('CSP check');
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('A body to preview.');
  const frame = page.frameLocator('iframe[title="Preview of the mail"]');
  await expect(frame.locator('body')).toContainText('A body to preview.');
  const footerColour = await frame.locator('p', { hasText: 'Unsubscribe' }).evaluate((p) => getComputedStyle(p).color);
  expect(footerColour).toBe('rgb(102, 102, 102)');
  await expectStyled(page);
  expect(await violations()).toEqual([]);
});

test('the right-to-left styles (Arabic) carry the nonce too', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.addInitScript(() => localStorage.setItem('locale', 'ar'));
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectStyled(page);
  expect(await violations()).toEqual([]);
});
