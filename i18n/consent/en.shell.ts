/**
 * The consent domain's page title: the public privacy page's and the back office's titles read it
 * before any of the domain's screens loads, so it travels with the shell (i18n/en.core.ts) while the
 * rest of the domain's English comes with its screens (i18n/en.rest.ts).
 */
export const consentShellEn = { pages: { privacy: 'Privacy' } };
