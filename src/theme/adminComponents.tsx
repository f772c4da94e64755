import type { ThemeOptions } from '@mui/material/styles';
import { CreatePageHeading, EditPageHeading } from '../layout/FormPageHeading';

/**
 * react-admin defaults for the back office only (the public pages never load react-admin): create
 * and edit pages show their heading where react-admin puts its top toolbar. A page that gives
 * its own `actions` shows the heading itself.
 */
export const adminComponents: ThemeOptions['components'] = {
  RaCreate: { defaultProps: { actions: <CreatePageHeading /> } },
  RaEdit: { defaultProps: { actions: <EditPageHeading /> } },
};
