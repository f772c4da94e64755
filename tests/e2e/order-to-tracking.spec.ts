import { expect, test } from '@playwright/test';
import { expectBackOffice, signIn } from './support';
import { linkIn, receivedMail, waitForMail } from './support/mailbox';

/**
 * The order story: a stockist orders, production takes it through the workflow and
 * dispatches it with a courier, and the public tracking link shows it dispatched.
 */
test('a stockist orders, production dispatches it, and the tracking link shows the tracking number', async ({ browser }) => {
  // Three people and a dozen screens: longer than one screen's budget on a busy 2-core machine.
  test.setTimeout(180_000);
  const stockist = await browser.newPage();
  await stockist.goto('/login');
  await signIn(stockist, 'stockist@example.com');
  await expectBackOffice(stockist);
  await stockist.getByTestId('top-menu').getByRole('link', { name: 'New order' }).click();
  await expect(stockist).toHaveURL(/\/create-order$/);

  await stockist.getByLabel('Add a product (search by name or SKU)').fill('Zinc');
  await stockist.getByRole('option', { name: /Zinc 25 mg/ }).click();
  await stockist.getByLabel('Quantity Zinc 25 mg').fill('3');
  // The total comes from the server (orders/quote): wait until it is there.
  await expect(stockist.getByTestId('draft-total')).toHaveText(/R\s?\d/);
  const quoted = await stockist.getByTestId('draft-total').textContent();
  await stockist.getByRole('button', { name: 'Place order' }).click();

  await expect(stockist).toHaveURL(/\/client\/view\/order\/\d+$/);
  await expect(stockist.getByTestId('order-total')).toHaveText(quoted!);
  const heading = await stockist.getByRole('heading', { level: 1 }).textContent();
  const reference = /ORD-\d{6}/.exec(heading ?? '')![0];
  const trackingLink = await stockist.getByTestId('tracking-link').inputValue();
  const orderId = /\/order\/(\d+)$/.exec(stockist.url())![1];
  // A member cannot move its order along the workflow.
  await expect(stockist.getByRole('button', { name: /^Mark as/ })).toHaveCount(0);
  await stockist.close();

  const production = await browser.newPage();
  await production.goto('/login');
  await signIn(production, 'production@example.com');
  await expect(production).toHaveURL(/\/orders$/);
  await production.goto(`/orders/view/order/${orderId}`);
  await expect(production.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  for (const next of ['Confirmed', 'In production', 'Ready']) {
    await production.getByRole('button', { name: `Mark as ${next}` }).click();
    await expect(production.getByText(`The order is now ${next}.`)).toBeVisible();
  }
  await production.getByLabel('Courier').fill('Aramex');
  await production.getByLabel('Tracking number').fill('AX-778899');
  await production.getByRole('button', { name: 'Save courier' }).click();
  await expect(production.getByText('Courier details saved.')).toBeVisible();
  const mailedBefore = (await receivedMail()).length;
  await production.getByRole('button', { name: 'Mark as Dispatched' }).click();
  await expect(production.getByText('The order is now Dispatched.')).toBeVisible();
  await production.close();

  // The dispatch email reaches the member through a real SMTP server, carrying the same tracking link.
  const mail = await waitForMail({ to: 'stockist@example.com', subject: new RegExp(`${reference} is on its way`), since: mailedBefore });
  const mailedLink = linkIn(mail, /^\/ext\/track\/order\//);
  expect(new URL(mailedLink).pathname).toBe(new URL(trackingLink).pathname);

  const publicContext = await browser.newContext();
  const visitor = await publicContext.newPage();
  await visitor.goto(new URL(mailedLink).pathname);
  await expect(visitor.getByTestId('tracking-status')).toHaveText('Dispatched');
  await expect(visitor.getByTestId('tracking-number')).toHaveText('Tracking number: AX-778899');
  await expect(visitor.getByText('Aramex')).toBeVisible();
  await expect(visitor.getByText('Sunrise Pharmacy')).toBeVisible();
  await publicContext.close();
});

test('an unknown tracking token shows a clear message', async ({ page }) => {
  await page.goto('/ext/track/order/not-a-real-token-at-all');
  await expect(page.getByText('We could not find this order. Check the link in your email.')).toBeVisible();
});
