import type { Locator, Page } from '@playwright/test';

/** Presses Tab until the target (or something inside it) has the focus; fails if Tab never gets there. */
export async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}
