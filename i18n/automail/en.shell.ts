/**
 * The automail domain's menu entries and page titles: the back office's menu shows them before any of
 * the domain's screens loads, so they travel with the shell (i18n/en.core.ts) while the rest of
 * the domain's English comes with its screens (i18n/en.rest.ts).
 */
export const automailShellEn = {
  menu: { automatic_mail: 'Automatic mail' },
  pages: { automatic_mail: 'Automatic mail' },
};
