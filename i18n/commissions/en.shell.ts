/**
 * The commissions domain's menu entry and page title: the back office's menu shows them before
 * any of the domain's screens loads, so they travel with the shell (i18n/en.core.ts).
 */
export const commissionsShellEn = {
  menu: { commissions: 'Commissions' },
  pages: { commissions: 'Commissions' },
};
