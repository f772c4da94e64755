import { test } from '@playwright/test';
import { apiSignIn, useSession, settle } from './support/axe';
for (const who of ['stockist@example.com', 'admin@example.com']) test(`debug ${who}`, async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await apiSignIn(request, who);
  await useSession(page, 'en', token);
  await page.goto('/profile');
  await settle(page);
  const info = await page.evaluate(() => {
    const out: string[] = [`scrollWidth ${document.documentElement.scrollWidth}`];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = (el as HTMLElement).getBoundingClientRect();
      if (r.right > 391 && r.width > 0) out.push(`${el.tagName}.${(el as HTMLElement).className.toString().slice(0, 60)} right=${Math.round(r.right)} w=${Math.round(r.width)}`);
    }
    return out.slice(0, 25).join('\n');
  });
  console.log(who, info);
  await page.screenshot({ path: `/tmp/profile-${who.split('@')[0]}.png`, fullPage: true });
});
