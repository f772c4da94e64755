/**
 * The stock domain's menu entry and page titles: the back office's menu shows them before any of
 * the domain's screens loads, so they travel with the shell (i18n/en.core.ts).
 */
export const stockShellEn = {
  menu: { stock: 'Stock', production: 'Production' },
  pages: { stock: 'Stock', stock_movements: 'Stock movements', production: 'Production' },
};
