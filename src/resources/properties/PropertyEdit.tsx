import { Edit } from 'react-admin';
import { useRouteRecordId } from '../shared/useRouteRecordId';
import { PropertyForm } from './PropertyForm';

export default function PropertyEdit() {
  return (
    <Edit id={useRouteRecordId()} mutationMode="pessimistic" redirect="list">
      <PropertyForm />
    </Edit>
  );
}
