import { expect, test, type Page } from '@playwright/test';
import { expectBackOffice, signIn } from './support';
import { linkIn, receivedMail, type ReceivedMail } from './support/mailbox';

/**
 * The mail to `to` sent after the first `since` messages that carries a link whose path matches
 * `path` (the registration may also send the visitor an acknowledgement first).
 */
async function waitForLinkMail(to: string, path: RegExp, since: number, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await receivedMail())
      .slice(since)
      .find((one) => one.to.includes(to.toLowerCase()) && path.test(`${one.text}\n${one.html}`));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a link matching ${path} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Answers whatever membership questions the portal asks: some text, "yes", the first choice. */
async function answerTheQuestions(page: Page): Promise<void> {
  const form = page.locator('form');
  for (const group of await form.getByRole('radiogroup').all()) await group.getByRole('radio').first().check();
  for (const select of await form.locator('select').all()) await select.selectOption({ index: 1 });
  for (const text of await form.locator('textarea:not([aria-hidden]), input[type="text"]').all()) await text.fill('Through a friend');
}

test('a visitor registers, the admin approves, the member completes from the emailed link, signs in awaiting payment, and the admin activates', async ({ page, browser }) => {
  // Several sign-ins and screens in one flow: on CI's two loaded cores (both API runs beside the
  // browser tests) these took 35–45 s of the default 60, as the other whole-flow tests here have their own limit.
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `new.member.${stamp}@example.com`;
  const name = `Highveld Wellness ${stamp}`;
  const password = 'highveld-pass-1234';

  // A visitor asks to become a member, from the sign-in page's link.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Become a member' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('I am a').selectOption('stockist');
  await page.getByLabel('Company or person name').fill(name);
  await page.getByLabel('Contact person').fill('Lerato Dube');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Phone').fill('+27 11 555 0199');
  await expect(page.getByLabel('Nearest branch')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your request' })).toBeVisible();

  // The admin sees the request waiting, and approves it.
  const admin = await browser.newPage();
  await admin.goto('/login');
  await signIn(admin, 'admin@example.com');
  await expectBackOffice(admin);
  await expect(admin.getByTestId('requests-badge').first()).toContainText(/\d/);
  await admin.goto('/member-requests');
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Registration');
  const mailedBefore = (await receivedMail()).length;
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Approve this request?')).toBeVisible();
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText(`Approved: the completion link is on its way to ${email}`)).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  // It now waits for the member.
  await admin.getByRole('tab', { name: 'Waiting for the member' }).click();
  await expect(admin.getByRole('row').filter({ hasText: email })).toBeVisible();

  // The completion link arrives by mail, through a real SMTP server.
  const mail = await waitForLinkMail(email, /\/complete\/membership\//, mailedBefore);
  const link = new URL(linkIn(mail, /^\/complete\/membership\/[^/]+$/));

  // The member opens it in a browser of its own, answers, and chooses a password.
  const member = await browser.newPage();
  await member.goto(link.pathname);
  await expect(member.getByTestId('completion-for')).toContainText(name);
  await answerTheQuestions(member);
  await member.locator('input[name=password]').fill(password);
  await member.locator('input[name=confirmation]').fill(password);
  await member.getByRole('button', { name: 'Complete my membership' }).click();
  await expect(member.getByRole('heading', { name: 'Your membership is set up' })).toBeVisible();
  await expect(member.getByRole('status')).toContainText('awaits payment');

  // The link was for one use only.
  const again = await browser.newPage();
  await again.goto(link.pathname);
  await expect(again.getByRole('heading', { name: 'This link has been used' })).toBeVisible();
  await again.close();

  // The member signs in and lands on its own page, awaiting payment.
  await member.getByRole('link', { name: 'Sign in' }).click();
  await signIn(member, email, password);
  await expect(member).toHaveURL(/\/clients\/view\/\d+$/);
  await expectBackOffice(member);
  await expect(member.getByRole('heading', { name })).toBeVisible();
  await expect(member.getByText('Awaiting payment')).toBeVisible();
  const clientPage = new URL(member.url()).pathname;
  await member.close();

  // Once paid, the admin activates the membership.
  await admin.goto(clientPage);
  await admin.getByRole('button', { name: 'Activate membership' }).click();
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Membership activated')).toBeVisible();
  await expect(admin.getByText('Awaiting payment')).toHaveCount(0);
  await expect(admin.getByTestId('membership-expiry')).toContainText(String(new Date().getFullYear() + 1));
  await admin.close();
});

test('on the leads board a card moves to the next column from the keyboard, and to any column by drag and drop', async ({ page }) => {
  const name = `Board Lead ${Date.now()}`;
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);

  // A lead of its own, so the test does not depend on the demo data's.
  await page.goto('/sales-leads/create');
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Email/).fill(`board.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/sales-leads$/);

  await page.getByRole('button', { name: 'Board' }).click();
  const card = page.getByRole('region', { name: 'New' }).getByRole('listitem', { name: `${name}, New` });
  await card.focus();
  await page.keyboard.press('ArrowRight');
  const moved = page.getByRole('region', { name: 'Contacted' }).getByRole('listitem', { name: `${name}, Contacted` });
  await expect(moved).toBeVisible();
  await expect(moved).toBeFocused();
  await page.reload();
  const kept = page.getByRole('region', { name: 'Contacted' }).getByRole('listitem', { name: `${name}, Contacted` });
  await expect(kept).toBeVisible();

  // And by drag and drop, to any column.
  // Picked up by its edge, not by the link in its middle (a link is draggable on its own), and
  // dropped on the column's free space under its heading.
  await kept.dragTo(page.getByRole('region', { name: 'Lost' }), { sourcePosition: { x: 4, y: 4 }, targetPosition: { x: 20, y: 36 } });
  await expect(page.getByRole('region', { name: 'Lost' }).getByRole('listitem', { name: `${name}, Lost` })).toBeVisible();
});

test('a forged completion link shows a clear page in the visitor’s language, right to left in Arabic', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('language-select').selectOption('ar');
  await page.goto('/complete/membership/not-a-real-token-0123456789');
  await expect(page.getByRole('heading', { name: 'هذا الرابط لا يعمل' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('link', { name: 'انضم كعضو' })).toHaveAttribute('href', '/register');
});
