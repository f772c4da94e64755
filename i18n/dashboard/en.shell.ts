/**
 * The one dashboard message the shell shows: the member-requests badge in the menu reads it
 * before any dashboard loads, so it travels with the shell (i18n/en.core.ts).
 */
export const dashboardShellEn = {
  dashboard: {
    waiting: '%{smart_count} waiting |||| %{smart_count} waiting',
  },
};
