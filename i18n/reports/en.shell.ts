/**
 * The reports domain's menu entry and page title: the back office's menu shows them before any of
 * the domain's screens loads, so they travel with the shell (i18n/en.core.ts).
 */
export const reportsShellEn = {
  menu: { sales_analytics: 'Sales analytics' },
  pages: { sales_analytics: 'Sales analytics' },
};
