import { Edit } from 'react-admin';
import { useRouteRecordId } from '../shared/useRouteRecordId';
import { BannerForm, bannerFields } from './BannerForm';

/** Pessimistic: a refused save (an image of the wrong type) shows on the form instead of being undone later. */
export default function BannerEdit() {
  return (
    <Edit id={useRouteRecordId()} mutationMode="pessimistic" redirect="list" transform={bannerFields}>
      <BannerForm />
    </Edit>
  );
}
