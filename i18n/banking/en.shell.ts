/**
 * The banking domain's menu entries and page titles: the back office's menu shows them before any
 * of the domain's screens loads, so they travel with the shell (i18n/en.core.ts).
 */
export const bankingShellEn = {
  menu: { bank_statements: 'Bank statements', bank_rules: 'Bank rules' },
  pages: { bank_statements: 'Bank statements', bank_statement: 'Reconciliation', bank_rules: 'Bank rules' },
};
