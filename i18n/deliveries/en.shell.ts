/**
 * The deliveries domain's page title: the back office sets a page's title from the shell's
 * messages (i18n/en.core.ts), so it travels with the shell.
 */
export const deliveriesShellEn = {
  pages: { delivery_proof: 'Proof of delivery' },
};
