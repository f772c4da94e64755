/**
 * The engagement domain's page title: the back office's titles read the shell's messages (see
 * i18n/en.core.ts), while the rest of the domain's English comes with its screens (i18n/en.rest.ts).
 */
export const engagementShellEn = { pages: { send_report: 'Send report' } };
