import TuneIcon from '@mui/icons-material/Tune';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/** Product properties (size, colour…) and their values, edited in place on the property's form. */
export const properties: ResourceProps = {
  name: 'properties',
  list: lazyScreen(() => import('./PropertyList')),
  create: lazyScreen(() => import('./PropertyCreate')),
  edit: lazyScreen(() => import('./PropertyEdit')),
  icon: TuneIcon,
  recordRepresentation: 'name',
};
