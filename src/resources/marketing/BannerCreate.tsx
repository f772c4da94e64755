import { Create } from 'react-admin';
import { BannerForm, bannerFields } from './BannerForm';

export default function BannerCreate() {
  return (
    <Create redirect="list" transform={bannerFields}>
      <BannerForm creating />
    </Create>
  );
}
