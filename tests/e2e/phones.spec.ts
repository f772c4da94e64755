import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectBackOffice, signIn } from './support';
import { networkQuiet, trackRequests } from './support/quiet';
import { openPath } from './support/navigate';

/**
 * Phones: the portal on a phone held upright (390 × 844, touch). Every screen a role
 * opens fits the width (no sideways scrolling), lists are react-admin's SimpleList with the order
 * status in view, the menu is a drawer, and a member orders by tapping. Each screen's picture is
 * attached to the test's results (test-results/…/phone-*.png).
 */
const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

/** The page is no wider than the phone: nothing runs off to the side. */
async function expectFits(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  await expectNothingCut(page);
}

/** The whole screen as a picture in the test's output, attached to its report. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`phone-${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`phone-${name}`, { path, contentType: 'image/png' });
}

/**
 * Nothing a person needs is cut off by the screen's edge: every table, button and link lies within
 * the phone's width, or inside a box of its own that scrolls (MUI's TableContainer, scrolling
 * tabs) and fits the screen. A card's hidden overflow would clip them without any page scrolling.
 */
async function expectNothingCut(page: Page) {
  const cut = await page.evaluate((width) => {
    const scrolls = (element: Element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    const within = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.left >= -0.5 && box.right <= width + 0.5;
    };
    const controls = document.querySelectorAll('main table, main button, main a[href], main [role="button"]');
    return [...controls].flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || within(control)) return [];
      let scroller: Element | null = control.parentElement;
      while (scroller && scroller !== document.documentElement && !scrolls(scroller)) scroller = scroller.parentElement;
      const contained = scroller && scroller !== document.documentElement && within(scroller);
      return contained ? [] : [`${control.tagName} ${control.getAttribute('aria-label') ?? control.textContent?.slice(0, 40)}`];
    });
  }, WIDTH);
  expect(cut).toEqual([]);
}

/**
 * A locator lies wholly inside the phone's width (a chip cut by the screen's edge would not).
 * Polled: a list turning its page swaps its rows when the next page arrives, and a row measured
 * in that moment has no box.
 */
async function expectWithinWidth(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      return box && { startsOnScreen: box.x >= 0, endsOnScreen: box.x + box.width <= WIDTH };
    })
    .toEqual({ startsOnScreen: true, endsOnScreen: true });
}

/** Rows as react-admin's SimpleList draws them, not a table. */
function phoneList(page: Page, within?: Locator) {
  return (within ?? page).getByTestId('phone-list').first();
}

/** The first order row's status chip is there and on the screen. */
async function expectOrderStatusVisible(page: Page, within?: Locator) {
  const list = phoneList(page, within);
  await expect(list).toBeVisible();
  await expect(list.getByText(/ORD-\d{6}/).first()).toBeVisible();
  await expectWithinWidth(list.locator('.MuiChip-root').first());
}

/** Opens a screen once its data is in, checks it fits and holds no table, and takes its picture. */
async function openScreen(page: Page, testInfo: TestInfo, path: string, name: string) {
  trackRequests(page);
  await openPath(page, path);
  await expect(page.getByRole('main')).toBeVisible();
  await networkQuiet(page);
  await expectFits(page);
  await shoot(page, testInfo, name);
}

/** Taps the top bar's menu button, checks the drawer, taps an entry: the drawer closes on the new page. */
async function navigateByDrawer(page: Page, entry: string | RegExp, url: RegExp) {
  await expect(page.getByTestId('top-menu')).toHaveCount(0);
  await page.getByRole('button', { name: /^(Open menu|فتح القائمة)$/ }).tap();
  const drawer = page.locator('.MuiDrawer-modal .MuiDrawer-paper');
  await expect(drawer).toBeVisible();
  await expectFits(page);
  await drawer.getByRole('menuitem', { name: entry }).tap();
  await expect(page).toHaveURL(url);
  await expect(drawer).toBeHidden();
}

async function signInOnPhone(page: Page, email: string, start: RegExp) {
  await page.goto('/login');
  await expectFits(page);
  await signIn(page, email);
  await expectBackOffice(page);
  await expect(page).toHaveURL(start);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('admin: members, orders and every other list fit a phone as simple lists', async ({ page }, testInfo) => {
  // Some twenty-five screens in one test: on two cores shared with the API suites they took over
  // the default minute (twice, in the page's own checks, never in an assertion).
  test.setTimeout(180_000);
  await signInOnPhone(page, 'admin@example.com', /\/members$/);
  await expectFits(page);
  // Searched: the members are listed by name, and the clients other browser tests create (bank,
  // courier, commission clients …) fill the first page before "Sunrise".
  await page.getByPlaceholder('Search', { exact: true }).fill('Sunrise');
  await expect(phoneList(page).getByText('Sunrise Pharmacy')).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  await shoot(page, testInfo, 'admin-members');

  // Bulk actions on a phone: select mode, a box per row, the bulk buttons.
  await page.getByRole('button', { name: 'Select' }).tap();
  await phoneList(page).getByRole('checkbox').first().tap();
  await expect(page.getByText('1 item selected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive' })).toBeVisible();
  await expectFits(page);
  await shoot(page, testInfo, 'admin-members-selecting');
  await page.getByRole('button', { name: 'Done' }).tap();
  await expect(phoneList(page).getByRole('checkbox')).toHaveCount(0);

  await navigateByDrawer(page, 'Orders', /\/orders$/);
  await expectOrderStatusVisible(page);
  await expectFits(page);
  await shoot(page, testInfo, 'admin-orders');
  // A row opens its order.
  await phoneList(page).getByText(/ORD-\d{6}/).first().tap();
  await expect(page).toHaveURL(/\/orders\/view\/order\/\d+$/);
  await expectFits(page);
  await shoot(page, testInfo, 'admin-order');

  for (const [path, name] of [
    ['/products', 'products'],
    ['/reps', 'reps'],
    ['/users', 'users'],
    ['/member-requests', 'member-requests'],
    ['/sales-leads', 'sales-leads'],
    ['/properties', 'properties'],
    ['/product-groups', 'product-groups'],
    ['/marketing', 'marketing'],
    ['/email-templates', 'email-templates'],
    ['/mailing-lists', 'mailing-lists'],
    ['/mail-queue', 'mail-queue'],
    ['/create-order', 'create-order'],
    ['/invoices', 'invoices'],
    ['/payments', 'payments'],
    ['/debtors', 'debtors'],
    ['/billing/settings', 'billing-settings'],
    ['/webhooks', 'webhooks'],
    ['/erasure-requests', 'erasure-requests'],
    ['/automatic-mail', 'automatic-mail'],
    ['/clients/view/1/statement', 'statement'],
    ['/mailing-sends/1/report', 'send-report'],
  ] as const) {
    await openScreen(page, testInfo, path, `admin-${name}`);
  }
});

test("admin: a dialog's buttons keep their labels on a phone", async ({ page }, testInfo) => {
  // react-admin's Button is a bare icon button below `sm`: without an icon it was an empty square.
  await signInOnPhone(page, 'admin@example.com', /\/members$/);
  await page.goto('/reps/view/3');
  await page.getByRole('button', { name: 'Link clients' }).tap();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('listitem').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveText('Cancel', { ignoreCase: true });
  await expect(dialog.getByRole('button', { name: 'Save links' })).toHaveText('Save links', { ignoreCase: true });
  await expect(dialog.getByRole('button', { name: 'Save links' })).toBeInViewport();
  await shoot(page, testInfo, 'admin-link-clients');
  await dialog.getByRole('button', { name: 'Cancel' }).tap();
  await expect(dialog).toHaveCount(0);

  // The shared form dialog (a member's users, branches, questions…).
  await page.goto('/clients/view/1');
  await page.getByRole('button', { name: 'Add user' }).tap();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveText('Cancel', { ignoreCase: true });
  await shoot(page, testInfo, 'admin-form-dialog');
});

test('production: the branch moves into the drawer, the orders list shows each status', async ({ page }, testInfo) => {
  await signInOnPhone(page, 'production@example.com', /\/orders$/);
  await expectOrderStatusVisible(page);
  await expectFits(page);
  await shoot(page, testInfo, 'production-orders');
  // The filters work by touch above the simple list.
  await page.getByRole('combobox', { name: 'Status' }).tap();
  await page.getByRole('option', { name: 'New', exact: true }).tap();
  await expect(page).toHaveURL(/status/);
  const chips = phoneList(page).locator('.MuiChip-root');
  await expect(chips.first()).toHaveText('New');
  expect(new Set(await chips.allInnerTexts())).toEqual(new Set(['New']));
  await expectFits(page);
  await shoot(page, testInfo, 'production-orders-new');
  // The branch selector is not in the top bar (it would push the user menu off the screen) …
  await expect(page.getByRole('banner').getByRole('combobox', { name: 'Branch' })).toHaveCount(0);
  await expectWithinWidth(page.getByRole('button', { name: 'Profile' }));
  // … but in the drawer.
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await expect(page.locator('.MuiDrawer-modal').getByRole('combobox', { name: 'Branch' })).toBeVisible();
  await shoot(page, testInfo, 'production-drawer');
  await page.locator('.MuiDrawer-modal').getByRole('menuitem', { name: 'Products' }).tap();
  await expect(page).toHaveURL(/\/products$/);
  await expectFits(page);
  await shoot(page, testInfo, 'production-products');
});

test("reseller: its page lists clients and orders with their status, and a client's page works by touch", async ({ page }, testInfo) => {
  await signInOnPhone(page, 'reseller@example.com', /\/reps\/view\/\d+$/);
  const clients = page.getByTestId('rep-clients');
  await expect(phoneList(page, clients).locator('.MuiChip-root').first()).toBeVisible();
  // Searched: the other browser tests link clients to this rep, and ten of them named before
  // "Sunrise" fill the first page.
  await clients.getByLabel('Search clients').fill('Sunrise');
  await expect(phoneList(page, clients).getByText('Sunrise Pharmacy')).toBeVisible();
  await expectWithinWidth(phoneList(page, clients).locator('.MuiChip-root').first());
  const orders = page.getByTestId('rep-orders');
  await expectOrderStatusVisible(page, orders);
  await expect(page.locator('table')).toHaveCount(0);
  await expectFits(page);
  await shoot(page, testInfo, 'reseller-start');
  // Paging by touch under the simple list.
  await expect(orders.getByText(/^1-10 of \d+$/)).toBeVisible();
  await orders.getByRole('button', { name: 'Go to next page' }).tap();
  await expect(orders.getByText(/^11-\d+ of \d+$/)).toBeVisible();
  await expectOrderStatusVisible(page, orders);

  await phoneList(page, clients).getByText('Sunrise Pharmacy').tap();
  await expect(page).toHaveURL(/\/reps\/view\/client\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectOrderStatusVisible(page, page.getByTestId('rep-orders'));
  await expectWithinWidth(page.getByRole('link', { name: 'New order' }));
  await expectFits(page);
  await shoot(page, testInfo, 'reseller-client');

  await navigateByDrawer(page, 'Products', /\/products$/);
  await expectFits(page);
  await shoot(page, testInfo, 'reseller-products');
  await navigateByDrawer(page, 'My clients', /\/reps\/view\/\d+$/);
});

test('stockist: its page fits, and an order is placed by tapping', async ({ page }, testInfo) => {
  await signInOnPhone(page, 'stockist@example.com', /\/clients\/view\/\d+$/);
  await expectOrderStatusVisible(page);
  await expectFits(page);
  await shoot(page, testInfo, 'stockist-start');

  await navigateByDrawer(page, 'Products', /\/products$/);
  await expectFits(page);
  await shoot(page, testInfo, 'stockist-products');

  await navigateByDrawer(page, 'New order', /\/create-order$/);
  const search = page.getByRole('combobox', { name: 'Add a product (search by name or SKU)' });
  await search.tap();
  await search.fill('Zinc');
  await page.getByRole('option', { name: /Zinc 25 mg/ }).tap();
  await expect(page.getByTestId('draft-line')).toHaveCount(1);
  const quantity = page.getByLabel('Quantity Zinc 25 mg');
  await quantity.tap();
  await quantity.fill('2');
  await expect(page.getByTestId('draft-total')).toHaveText(/^R\s?\d/);
  const place = page.getByRole('button', { name: 'Place order' });
  await expectWithinWidth(place);
  await expectFits(page);
  await shoot(page, testInfo, 'stockist-create-order');
  await place.tap();
  await expect(page).toHaveURL(/\/client\/view\/order\/\d+$/);
  await expect(page.getByText(/Order ORD-\d+ placed/)).toBeVisible();
  await expectFits(page);
  await shoot(page, testInfo, 'stockist-order');
});

test('individual: its page and the catalogue fit, orders with their status', async ({ page }, testInfo) => {
  await signInOnPhone(page, 'individual@example.com', /\/clients\/view\/\d+$/);
  await expectFits(page);
  await shoot(page, testInfo, 'individual-start');
  await navigateByDrawer(page, 'Products', /\/products$/);
  await expectFits(page);
  await shoot(page, testInfo, 'individual-products');
  // The account page fits a phone as a whole (the sessions table scrolls inside its box), and so do
  // POPIA's data section (download, ask for erasure) and its buttons, labelled.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Save my choices' }).waitFor();
  await expectFits(page);
  const section = page.locator('.MuiCard-root', { has: page.getByRole('button', { name: 'Download my data' }) });
  await expectWithinWidth(section);
  await expectWithinWidth(section.getByRole('button', { name: 'Download my data' }));
  await expectWithinWidth(section.getByRole('button', { name: 'Ask for erasure' }));
  // Its own page's choice of notices: every choice and the save button within the phone's width.
  for (const name of ['Order confirmations', 'Order status changes', 'Membership renewal reminders']) await expectWithinWidth(page.getByRole('checkbox', { name }));
  await expectWithinWidth(page.getByRole('button', { name: 'Save my choices' }));
  await shoot(page, testInfo, 'individual-profile');
});

test('in Arabic every start page fits, and the drawer opens from the right', async ({ browser }, testInfo) => {
  // Five roles' sign-ins and start pages in one test (34–36 s on a quiet machine); it ran past 60 s on a loaded one.
  test.setTimeout(120_000);
  const starts: [string, RegExp][] = [
    ['admin', /\/members$/],
    ['production', /\/orders$/],
    ['reseller', /\/reps\/view\/\d+$/],
    ['stockist', /\/clients\/view\/\d+$/],
    ['individual', /\/clients\/view\/\d+$/],
  ];
  for (const [role, start] of starts) {
    const context = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signInOnPhone(page, `${role}@example.com`, start);
    await page.evaluate(() => localStorage.setItem('locale', 'ar'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(page);
    await shoot(page, testInfo, `ar-${role}-start`);
    await page.getByRole('button', { name: 'فتح القائمة' }).tap();
    const drawer = page.locator('.MuiDrawer-modal .MuiDrawer-paper');
    await expect(drawer).toBeVisible();
    // It slides in: measured once it has arrived at the right-hand edge.
    await expect.poll(async () => drawer.boundingBox().then((box) => Math.round(box!.x + box!.width))).toBe(WIDTH);
    await expectFits(page);
    await shoot(page, testInfo, `ar-${role}-drawer`);
    await context.close();
  }
});
