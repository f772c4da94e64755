import { Create } from 'react-admin';
import { PropertyForm } from './PropertyForm';

export default function PropertyCreate() {
  return (
    <Create redirect="list">
      <PropertyForm />
    </Create>
  );
}
