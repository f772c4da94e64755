import type { ThemeOptions } from '@mui/material/styles';
import { CreatePageHeading, EditPageHeading } from '../layout/FormPageHeading';

/**
 * react-admin defaults for the back office only (the public pages never load react-admin): create
 * and edit pages show their heading where react-admin puts its top toolbar. A page that gives
 * its own `actions` shows the heading itself.
 *
 * react-admin's loading screen writes its "Please wait" in the palette's disabled grey, 2.6:1 on
 * the page's background: on a slow connection the one line a user reads is the one they cannot.
 * The secondary text colour meets WCAG's 4.5:1.
 *
 * A list's bulk actions bar, with nothing selected, is folded to no height over the table's
 * header, yet its buttons stay in the page: a Delete clipped out of sight that the Tab key still
 * reaches, and that lies over the last column's sort label (axe: target partly covered, WCAG
 * 2.5.8). Folded, the bar is hidden outright, its buttons with it.
 */
export const adminComponents: ThemeOptions['components'] = {
  RaCreate: { defaultProps: { actions: <CreatePageHeading /> } },
  RaEdit: { defaultProps: { actions: <EditPageHeading /> } },
  RaLoading: { styleOverrides: { root: ({ theme }) => ({ '& .RaLoading-message': { color: theme.palette.text.secondary } }) } },
  RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } } },
  // An email address is one unbreakable word: a long one (`bank-wipyiiqirortweyou@example.com`)
  // widened the members list past a 1280 px screen. In a list it may break anywhere instead.
  RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-rowCell a[href^="mailto:"]': { overflowWrap: 'anywhere' } } } },
};
