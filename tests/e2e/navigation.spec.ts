import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn, message, useSession, type TestLocale } from './support/axe';

/**
 * The admin's menu bar ran off the screen (7 of its entries beyond the right edge at
 * 1366 px, 3 at 1920 px, in a bar that scrolled sideways). Now every entry of the admin's menu is
 * on screen or one click away in a section's menu, nothing scrolls sideways, at 1280, 1366 and
 * 1920 px wide, in English and in Arabic (mirrored); and the sections work with the keyboard alone.
 */

/** Every admin entry: its route and its key under app.menu (src/layout/menuItems.ts). */
const adminEntries: [string, string][] = [
  ['/', 'home'],
  ['/orders', 'orders'],
  ['/create-order', 'create_order'],
  ['/members', 'members'],
  ['/member-requests', 'member_requests'],
  ['/sales-leads', 'sales_leads'],
  ['/reps', 'reps'],
  ['/products', 'products'],
  ['/properties', 'properties'],
  ['/product-groups', 'product_groups'],
  ['/stock', 'stock'],
  ['/production', 'production'],
  ['/invoices', 'invoices'],
  ['/payments', 'payments'],
  ['/bank-statements', 'bank_statements'],
  ['/bank-rules', 'bank_rules'],
  ['/debtors', 'debtors'],
  ['/sales-analytics', 'sales_analytics'],
  ['/commissions', 'commissions'],
  ['/billing/settings', 'billing_settings'],
  ['/marketing', 'marketing'],
  ['/email-templates', 'email_templates'],
  ['/mailing-lists', 'mailing_lists'],
  ['/mail-queue', 'mail_queue'],
  ['/automatic-mail', 'automatic_mail'],
  ['/users', 'users'],
  ['/audit-log', 'audit_log'],
  ['/webhooks', 'webhooks'],
  ['/erasure-requests', 'erasure_requests'],
];

const screens = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

async function expectInViewport(page: Page, element: Locator, what: string) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(box!.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends on screen`).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height, `${what} ends on screen`).toBeLessThanOrEqual(viewport.height);
}

const byId = (page: Page, id: string) => page.locator(`[id="${id}"]`);

async function openAdmin(page: Page, request: Parameters<typeof apiSignIn>[0], locale: TestLocale) {
  await useSession(page, locale, await apiSignIn(request, 'admin@example.com'));
  await page.goto('/members');
  const bar = page.getByRole('navigation', { name: message(locale, 'app.title') });
  // A new browser context's first back-office screen: the whole admin bundle is fetched and parsed
  // first, which took over 10 s on CI's two cores with an API suite beside it (the audits' settle
  // gives the first screen 30 s too).
  await expect(bar).toBeVisible({ timeout: 30_000 });
  return bar;
}

for (const locale of ['en', 'ar'] as const) {
  for (const size of screens) {
    test(`every admin menu entry is on screen or one click away at ${size.width}×${size.height} (${locale})`, async ({ page, request }) => {
      await page.setViewportSize(size);
      const bar = await openAdmin(page, request, locale);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');

      // Nothing scrolls sideways: neither the bar nor the page.
      const overflow = await bar.evaluate((nav) => ({ bar: nav.scrollWidth - nav.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth }));
      expect(overflow).toEqual({ bar: 0, page: 0 });

      const reached = new Map<string, string>();
      const links = bar.getByRole('link');
      for (let i = 0; i < (await links.count()); i++) {
        const link = links.nth(i);
        await expectInViewport(page, link, `the bar's link ${await link.textContent()}`);
        reached.set(new URL((await link.getAttribute('href'))!, page.url()).pathname, (await link.textContent())!);
      }
      const sections = bar.getByRole('button');
      // By id, not by name: a section's name carries the count its entries show (member requests waiting).
      const sectionIds = await sections.evaluateAll((buttons) => buttons.map((button) => button.id));
      expect(sectionIds.length).toBeGreaterThan(0);
      for (const id of sectionIds) {
        // An open menu hides the page behind it from assistive technology (a modal): the button by its id.
        const button = byId(page, id);
        const name = (await button.textContent())!.trim();
        await expectInViewport(page, button, `the section ${name}`);
        await button.click();
        const menu = page.locator(`[role="menu"][aria-labelledby="${id}"]`);
        await expect(menu).toBeVisible();
        const items = menu.getByRole('menuitem');
        for (let j = 0; j < (await items.count()); j++) {
          const item = items.nth(j);
          await expectInViewport(page, item, `the entry ${await item.textContent()}`);
          reached.set(new URL((await item.getAttribute('href'))!, page.url()).pathname, (await item.textContent())!);
        }
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await expect(button).toBeFocused();
      }
      // Every entry, and nothing else; each shows its name (member requests also the count waiting).
      expect([...reached.keys()].sort()).toEqual(adminEntries.map(([path]) => path).sort());
      for (const [path, key] of adminEntries) expect(reached.get(path), path).toContain(message(locale, `app.menu.${key}`));

      // Mirrored in Arabic: the bar runs from the right, the dashboard first.
      const first = await links.first().boundingBox();
      const second = await sections.first().boundingBox();
      if (locale === 'ar') expect(first!.x).toBeGreaterThan(second!.x);
      else expect(first!.x).toBeLessThan(second!.x);
    });
  }

  test(`a section's entry opens its screen and marks the section (${locale})`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const bar = await openAdmin(page, request, locale);
    const marketing = bar.getByRole('button', { name: message(locale, 'app.menu_group.marketing') });
    await marketing.click();
    await page.getByRole('menuitem', { name: message(locale, 'app.menu.mailing_lists') }).click();
    await expect(page).toHaveURL(/\/mailing-lists$/);
    await expect(page.getByRole('heading', { level: 1, name: message(locale, 'app.menu.mailing_lists') })).toBeVisible();
    await expect(marketing).toHaveAttribute('data-active', 'true');
    await expect(marketing).toHaveAttribute('aria-expanded', 'false');
  });
}

test('the sections work with the keyboard alone (menu button pattern)', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const bar = await openAdmin(page, request, 'en');
  const catalogue = bar.getByRole('button', { name: 'Catalogue' });
  await expect(catalogue).toHaveAttribute('aria-haspopup', 'menu');
  await expect(catalogue).toHaveAttribute('aria-expanded', 'false');
  // An open menu hides the page behind it from assistive technology (a modal): the button by its id.
  const button = byId(page, (await catalogue.getAttribute('id'))!);
  await catalogue.focus();

  // The down arrow opens it on its first entry; the arrows move; Escape gives the focus back.
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'Catalogue' });
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(button).toHaveAttribute('aria-controls', (await menu.getAttribute('id'))!);
  await expect(menu.getByRole('menuitem', { name: 'Products' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Properties' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(catalogue).toBeFocused();
  await expect(catalogue).toHaveAttribute('aria-expanded', 'false');

  // Enter opens it too, and Enter on an entry opens its screen.
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Products' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Product groups' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/product-groups$/);
  await expect(page).toHaveTitle('Product groups — Members Portal');
});

test('a role with one entry of a section sees the entry itself, not a section', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await useSession(page, 'en', await apiSignIn(request, 'production@example.com'));
  await page.goto('/orders');
  const bar = page.getByRole('navigation', { name: 'Members Portal' });
  // Sales holds only Orders for production: the entry itself. Its catalogue (products, stock and
  // what to make) is a section of three.
  await expect(bar.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Sales' })).toHaveCount(0);
  const catalogue = bar.getByRole('button', { name: 'Catalogue' });
  await expect(bar.getByRole('button')).toHaveCount(1);
  await catalogue.click();
  const menu = page.getByRole('menu', { name: 'Catalogue' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Products', 'Stock', 'Production']);
});
