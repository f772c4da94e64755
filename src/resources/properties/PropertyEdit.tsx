import { Edit } from 'react-admin';
import { PropertyForm } from './PropertyForm';

export default function PropertyEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <PropertyForm />
    </Edit>
  );
}
