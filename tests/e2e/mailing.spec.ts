import { expect, test } from '@playwright/test';
import { expectBackOffice, signIn } from './support';
import { linkIn, receivedMail, waitForMail } from './support/mailbox';

/**
 * The mailing story: an admin writes a template with a placeholder, makes a list, adds clients,
 * sends and watches the send reach 100 %; each client's mail arrives with the placeholder filled
 * and an unsubscribe link that works without signing in.
 */
test('an admin builds a template and a list, sends it and watches it reach 100 %; the mail arrives filled in and unsubscribes', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const templateName = `Winter news ${stamp}`;
  const listName = `Stockists ${stamp}`;
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);

  // The template: a subject and a body with placeholders, one inserted from the list of them.
  await page.goto('/email-templates/create');
  await page.getByRole('textbox', { name: 'Name' }).fill(templateName);
  await page.getByRole('textbox', { name: 'Subject' }).fill(`${stamp}: news for {{client_name}}`);
  await page.locator('.ProseMirror').click();
  await page.keyboard.type('Dear ');
  await page.getByRole('button', { name: 'Insert the placeholder {{contact_name}}, “Contact person”' }).click();
  await page.keyboard.type(', the winter range is in.');
  await expect(page.locator('.ProseMirror')).toHaveText('Dear {{contact_name}}, the winter range is in.');
  // The server's preview fills the placeholders with examples, in a sandboxed frame.
  const preview = page.getByTitle('Preview of the mail');
  await expect(preview).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe[title="Preview of the mail"]').locator('body')).toContainText('the winter range is in.');
  await expect(page.frameLocator('iframe[title="Preview of the mail"]').locator('body')).not.toContainText('{{contact_name}}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/email-templates\/\d+$/);
  await expect(page.getByText('Nothing has been sent yet.')).toBeVisible();

  // "Send a test to me" reaches the signed-in admin.
  const mailedBefore = (await receivedMail()).length;
  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByText('Test sent to admin@example.com')).toBeVisible();
  await waitForMail({ to: 'admin@example.com', subject: new RegExp(`${stamp}: news for`), since: mailedBefore });

  // The list, and two clients from the search (picking one twice adds it once).
  await page.goto('/mailing-lists');
  await page.getByRole('button', { name: 'New list' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill(listName);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/mailing-lists\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: listName })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search clients' });
  for (const client of ['Karoo Health Store', 'Garden Route Naturals', 'Karoo Health Store']) {
    await search.fill(client.split(' ')[0]);
    await page.getByRole('option', { name: new RegExp(client) }).click();
  }
  await expect(page.getByRole('list', { name: 'Clients to add' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Add 2 clients' }).click();
  await expect(page.getByText('2 clients added')).toBeVisible();
  const members = page.getByRole('row');
  await expect(members.filter({ hasText: 'orders@karoohealth.example.com' })).toBeVisible();
  await expect(members.filter({ hasText: 'pieter@grnaturals.example.com' })).toBeVisible();
  await expect(page.getByTestId('recipient-count')).toHaveText('2 recipients');

  // Send now, confirmed; the progress follows the send to the end.
  const beforeSend = (await receivedMail()).length;
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: templateName }).click();
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByRole('dialog')).toContainText(`Send “${templateName}” to “${listName}”?`);
  await page.getByRole('dialog').getByRole('button', { name: 'Send now' }).click();
  const progress = page.getByTestId('send-progress');
  await expect(progress.getByTestId('send-percent')).toHaveText('100 %', { timeout: 30_000 });
  await expect(progress.getByTestId('send-sent')).toHaveText('2');
  await expect(progress.getByTestId('send-failed')).toHaveText('0');
  await expect(progress.getByTestId('send-total')).toHaveText('2');
  await expect(progress.getByText('Done')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: templateName }).filter({ hasText: 'Done' })).toBeVisible();

  // Each client got its own mail, the placeholders filled in, with one-click unsubscribe.
  const karoo = await waitForMail({ to: 'orders@karoohealth.example.com', subject: new RegExp(stamp), since: beforeSend });
  expect(karoo.subject).toBe(`${stamp}: news for Karoo Health Store`);
  expect(karoo.text).toContain('Dear Thandi Mokoena, the winter range is in.');
  expect(karoo.text).not.toContain('{{');
  expect(karoo.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const garden = await waitForMail({ to: 'pieter@grnaturals.example.com', subject: new RegExp(stamp), since: beforeSend });
  expect(garden.text).toContain('Dear Pieter Fourie, the winter range is in.');

  // The unsubscribe link works for whoever holds it, without signing in.
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(linkIn(karoo, /^\/unsubscribe\//));
  await expect(reader.getByTestId('masked-email')).toHaveText('o••••@karoohealth.example.com');
  await reader.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(reader.getByTestId('unsubscribe-done')).toContainText('is unsubscribed');
  await visitor.close();

  // The list shows who unsubscribed; the next send would go to one recipient.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'orders@karoohealth.example.com' }).getByText('Unsubscribed')).toBeVisible();
  await expect(page.getByTestId('recipient-count')).toHaveText('1 recipient (1 unsubscribed, skipped)');
});

test('the mail queue shows the portal’s own mail (a password reset) once it has gone; an unknown unsubscribe link says it is not valid', async ({ page }) => {
  await page.goto('/unsubscribe/1.not-a-real-signature-at-all-000000');
  await expect(page.getByTestId('unsubscribe-invalid')).toBeVisible();

  // A password reset is queued as mail with its change and sent by the worker.
  const mailedBefore = (await receivedMail()).length;
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('production@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await waitForMail({ to: 'production@example.com', since: mailedBefore });

  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);
  await page.goto('/mail-queue');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail queue' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill('production@');
  const reset = page.getByRole('row').filter({ hasText: 'production@example.com' });
  await expect(reset.first()).toContainText('Sent');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(page.getByText('No mail here.')).toBeVisible();
});
