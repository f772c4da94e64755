import { expect, test } from '@playwright/test';
import { apiGetAs, apiSignIn, message, settle, useSession } from './support/axe';

/**
 * A send's report as the admin reads it, on the demo send of the renewal reminder (twelve opens
 * and four clicks over six hours, counted without names): the opens said to be a total, the
 * subject's placeholder named as a field, and the hours drawn with named axes and figures, with
 * the same figures in a table. In English and in Arabic, whose time axis runs right to left.
 */
for (const locale of ['en', 'ar'] as const) {
  test(`the send report names its figures, its subject's fields and its chart's axes (${locale})`, async ({ page, request }) => {
    const token = await apiSignIn(request, 'admin@example.com');
    const sends = await apiGetAs<{ data: { id: number; template_name: string; status: string }[] }>(request, token, 'api/crm/mailingsends?page=1&perPage=100');
    const demo = sends.data.find((send) => send.template_name === 'Membership renewal reminder' && send.status === 'done');
    if (!demo) throw new Error('the demo send of the renewal reminder is missing');
    await useSession(page, locale, token);
    await page.goto(`/mailing-sends/${demo.id}/report`);
    await settle(page);

    // The subject with its placeholder as the field's name, never the raw code.
    const field = message(locale, 'mailing.placeholders.keys.membership_expires_at');
    await expect(page.getByText(`[${field}]`)).toBeVisible();
    await expect(page.getByText('{{')).toHaveCount(0);

    // Without per-member records the twelve opens are a total, and said to be one.
    const opened = page.getByTestId('report-opened');
    await expect(opened).toContainText('12');
    await expect(opened).toContainText(message(locale, 'engagement.report.opened_hits'));

    // The chart: both axes named, and the busiest hour's figure (five opens) on its bar.
    // The whole drawing (the legend's colour keys are little SVGs of their own before the chart's).
    const chart = page.getByTestId('engagement-chart');
    await expect(chart.getByText(message(locale, 'engagement.report.axis_hour'), { exact: true })).toBeVisible();
    await expect(chart.getByText(message(locale, 'engagement.report.axis_count'), { exact: true })).toBeVisible();
    await expect(chart.locator('.MuiBarChart-element').filter({ visible: true }).first()).toBeVisible();
    await expect(chart.locator('.MuiBarChart-label', { hasText: /^5$/ })).toHaveCount(1);

    // The same figures as a table: five hours with opens or clicks, twelve opens and four clicks in all.
    const table = page.getByRole('table', { name: message(locale, 'engagement.report.chart_title') });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(5);
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))));
    expect(cells.reduce((sum, [opens]) => sum + opens!, 0)).toBe(12);
    expect(cells.reduce((sum, [, clicks]) => sum + clicks!, 0)).toBe(4);
  });
}
