import { expect, test, type Locator } from '@playwright/test';
import { paintPng } from '../../server/db/seed/png';
import { expectBackOffice, signIn } from './support';

/** The picture has really loaded (served from /uploads, allowed by the CSP), not a broken image. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('the admin puts up a banner with a picture on /marketing; the stockist sees it on its start page', async ({ page, browser }) => {
  const title = `Winter deal ${Date.now().toString(36)}`;
  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);

  // The demo banners are listed with their thumbnails.
  await page.goto('/marketing');
  await expectLoaded(page.getByRole('row', { name: /New catalogue out now/ }).getByRole('img'));

  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/marketing\/create$/);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Link').fill('/products');
  await page.getByLabel('Position').fill('0');
  await page.locator('input[type=file]').setInputFiles({
    name: 'winter.png',
    mimeType: 'image/png',
    buffer: paintPng(400, 100, (x) => [40, 80 + (x % 100), 200]),
  });
  // The picked picture is previewed before saving.
  await expect(page.getByRole('img', { name: 'winter.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/marketing(\?.*)?$/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expectLoaded(row.getByRole('img'));

  // The stockist lands on its client page and sees the new banner, linking inside the portal.
  const stockistContext = await browser.newContext();
  const stockist = await stockistContext.newPage();
  await stockist.goto('/login');
  await signIn(stockist, 'stockist@example.com');
  await expect(stockist).toHaveURL(/\/clients\/view\/\d+$/);
  const banners = stockist.getByRole('region', { name: 'News and offers' });
  await expectLoaded(banners.getByRole('img', { name: title }));
  await expect(banners.getByRole('img', { name: 'Summer range: 10% off display stands' })).toBeVisible();
  const link = banners.getByRole('link', { name: new RegExp(title) });
  await expect(link).toHaveAttribute('href', '/products');
  await expect(banners.getByRole('link', { name: /New catalogue out now/ })).toHaveAttribute('target', '_blank');
  await link.click();
  await expect(stockist).toHaveURL(/\/products$/);
  await stockistContext.close();
});
