import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGetAs, apiSignIn, message, useSession } from './support/axe';

/**
 * Bank statements in the browser: the admin imports a statement file made from a client's open
 * invoices (one paid by its number, one only of the same amount, one from an unknown payer), sees
 * what the import did, is told a second upload of it changes nothing and why a broken file is
 * refused (its line named); on the reconciliation screen accepts the suggestion in one click,
 * matches the unknown payer by hand, undoes the automatic match after confirming it (the invoice
 * owes again), and adds a rule. In Arabic on a 390 px phone the screen runs right to left without
 * spilling sideways.
 */

const post = async (request: APIRequestContext, token: string, path: string, data: unknown) => {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' }, data });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()).data;
};

interface Invoice {
  id: number;
  number: string;
  balance: number;
}

/** A new client with three invoices of amounts no other invoice owes (its orders dispatched through the API, as production would). */
async function clientWithInvoices(request: APIRequestContext, admin: string) {
  // Letters only: a payer's words matched by hand are learned without their digits, so each run's
  // words must be its own, or a later run's unknown payer would already be known.
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e4)}`.replace(/\d/g, (digit) => 'QWERTYUIOP'[Number(digit)]);
  const client = (await post(request, admin, 'api/clients/save', { type: 'stockist', name: `Bank client ${stamp}`, email: `bank-${stamp}@example.com` })) as { id: number; name: string };
  // Prices with odd cents far from the demo's round ones: each amount is this client's alone.
  const base = 300_000 + (Date.now() % 100_000) * 7 + 13;
  const invoices: Invoice[] = [];
  for (const [index, price] of [base, base + 1_111, base + 2_222].entries()) {
    const product = await post(request, admin, 'api/products/save', { sku: `BANK-${stamp}-${index}`, name: `Bank product ${stamp} ${index}`, price });
    const order = await post(request, admin, 'api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 1 }] });
    for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) await post(request, admin, 'api/orders/updatestatus', { id: order.id, status });
    const view = await apiGetAs<{ data: { invoice: { id: number } } }>(request, admin, `api/orders/order?id=${order.id}`);
    invoices.push((await apiGetAs<{ data: Invoice }>(request, admin, `api/billing/invoice?id=${view.data.invoice.id}`)).data);
  }
  return { stamp, client, invoices };
}

const rand = (cents: number) => (cents / 100).toFixed(2);

/** An ABSA export (Date, Description, Amount, Balance) of these lines, with running balances. */
function absa(lines: { description: string; amount: number }[]): Buffer {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  let balance = 5_000_000;
  const rows = lines.map((line) => `${day},${line.description},${rand(line.amount)},${rand((balance += line.amount))}`);
  return Buffer.from(['Date,Description,Amount,Balance', ...rows].join('\n'));
}

async function upload(page: Page, name: string, buffer: Buffer) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer });
}

const lineRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('the admin imports a statement, accepts a suggestion, matches a line by hand, undoes a match and adds a rule', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await apiSignIn(request, 'admin@example.com');
  const { stamp, client, invoices } = await clientWithInvoices(request, admin);
  const [named, sameAmount, open] = invoices;
  const statement = absa([
    { description: `PAYMENT ${named.number}`, amount: named.balance },
    { description: `EFT CREDIT ${stamp}`, amount: sameAmount.balance },
    { description: `UNKNOWN PAYER ${stamp}`, amount: 7_77 },
  ]);

  await useSession(page, 'en', admin);
  await page.goto('/bank-statements');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bank statements');
  // The file's button is a real button: reachable with the keyboard.
  const choose = page.getByRole('button', { name: 'Choose a file' });
  await choose.focus();
  await expect(choose).toBeFocused();
  await upload(page, `absa-${stamp}.csv`, statement);
  const result = page.getByTestId('import-result');
  await expect(result).toContainText('ABSA (CSV) statement imported: 3 new lines, 3 payments received.');
  await expect(result).toContainText('1 matched and paid, 1 suggested, 1 unmatched.');
  // Where this statement's reconciliation is (other tests import statements of the same bank and day).
  const reconciliation = await result.getByRole('link', { name: 'Reconcile this statement' }).getAttribute('href');
  expect(reconciliation).toMatch(/^\/bank-statements\/\d+$/);

  // The same file again: nothing new, said as such.
  await upload(page, `absa-${stamp}.csv`, statement);
  await expect(page.getByTestId('import-duplicate')).toContainText('Already imported');
  // A broken file: refused, naming its line.
  await upload(page, 'broken.csv', Buffer.from('Date,Description,Amount,Balance\n20250301,X,10.00,110.00\n20250302,Y,5.0x,115.00\n'));
  await expect(page.getByTestId('import-refused')).toContainText('Line 3');

  // The statement is in the list; its reconciliation opens from the import's link (the list's first
  // ABSA row may be another test's statement of the same bank and day, imported in parallel).
  await expect(page.getByRole('row').filter({ hasText: 'ABSA (CSV)' }).first()).toBeVisible();
  await page.goto(reconciliation!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reconciliation');
  await expect(page.getByTestId('statement-matched')).toHaveText(/R\s?[\d\s]+,\d\d/);
  const matchedLine = lineRow(page, named.number);
  const suggestedLine = lineRow(page, `EFT CREDIT ${stamp}`);
  const unknownLine = lineRow(page, `UNKNOWN PAYER ${stamp}`);
  await expect(matchedLine).toContainText('Matched');
  await expect(suggestedLine).toContainText('Suggested');
  await expect(unknownLine).toContainText('Unmatched');

  // One click accepts the suggestion: the invoice of that amount is paid.
  await suggestedLine.getByRole('button', { name: `Accept: ${client.name}` }).click();
  await expect(suggestedLine).toContainText('Matched');
  await expect(suggestedLine).toContainText('matched by hand');
  const owing = async (invoice: Invoice) => (await apiGetAs<{ data: Invoice }>(request, admin, `api/billing/invoice?id=${invoice.id}`)).data.balance;
  expect(await owing(sameAmount)).toBe(0);

  // The unknown payer matched by hand: the client picked, its open invoices shown with what they owe.
  await unknownLine.getByRole('button', { name: 'Match by hand' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(message('en', 'orders.create.choose_client')).fill(client.name);
  await page.getByRole('option', { name: client.name }).click();
  await expect(dialog.getByRole('table', { name: 'Open invoices of the client' })).toContainText(open.number);
  await dialog.getByRole('button', { name: 'Match', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(unknownLine).toContainText('Matched');
  await expect(unknownLine).toContainText(client.name);
  expect(await owing(open)).toBe(open.balance - 7_77);

  // Undo the automatic match, after confirming: the payment is reversed and the invoice owes again.
  expect(await owing(named)).toBe(0);
  await matchedLine.getByRole('button', { name: 'Undo match' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Undo this match?');
  await confirm.getByRole('button', { name: 'Undo match' }).click();
  await expect(matchedLine).toContainText('Unmatched');
  expect(await owing(named)).toBe(named.balance);

  // The filter shows the lines of one state.
  await page.getByRole('button', { name: 'Unmatched', exact: true }).click();
  await expect(matchedLine).toBeVisible();
  await expect(unknownLine).toBeHidden();

  // A rule: the payer's words → ignore; listed, then deleted after a confirmation.
  await page.goto('/bank-rules');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bank rules');
  await page.getByRole('button', { name: 'Add rule' }).click();
  const ruleDialog = page.getByRole('dialog');
  await ruleDialog.getByLabel('Text in the line').fill(`BANK FEES ${stamp}`);
  await ruleDialog.getByLabel('Ignore the line').check();
  await ruleDialog.getByRole('button', { name: 'Save' }).click();
  const rule = page.getByRole('row').filter({ hasText: `BANK FEES ${stamp}` });
  await expect(rule).toContainText('Ignore');
  const rules = await apiGetAs<{ data: { pattern: string; ignore: boolean }[] }>(request, admin, 'api/bank/rules');
  expect(rules.data).toContainEqual(expect.objectContaining({ pattern: `BANK FEES ${stamp}`, ignore: true }));
  await rule.getByRole('button', { name: 'Delete rule' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(rule).toBeHidden();
});

test('in Arabic on a 390 px phone the reconciliation runs right to left, in Arabic, without spilling sideways', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await apiSignIn(request, 'admin@example.com');
  const { stamp, invoices } = await clientWithInvoices(request, admin);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await useSession(page, 'ar', admin);
  await page.goto('/bank-statements');
  await upload(page, `phone-${stamp}.csv`, absa([{ description: `EFT CREDIT ${stamp}`, amount: invoices[1].balance }, { description: `PHONE PAYER ${stamp}`, amount: 3_33 }]));
  await page.getByTestId('import-result').getByRole('link', { name: message('ar', 'banking.import.open') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('ar', 'app.pages.bank_statement'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(`PHONE PAYER ${stamp}`)).toBeVisible();
  await expect(page.getByRole('button', { name: message('ar', 'banking.reconcile.match') }).first()).toBeVisible();
  const spill = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(spill).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
  await context.close();
});
