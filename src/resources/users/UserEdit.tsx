import { Edit } from 'react-admin';
import { UserForm, withoutBlankPassword } from './UserForm';
import { usePortalTitle } from '../../screens/usePortalTitle';

export default function UserEdit() {
  usePortalTitle('users');
  return (
    <Edit mutationMode="pessimistic" transform={withoutBlankPassword} redirect="list">
      <UserForm editing />
    </Edit>
  );
}
