import { Create } from 'react-admin';
import { UserForm } from './UserForm';
import { usePortalTitle } from '../../screens/usePortalTitle';

export default function UserCreate() {
  usePortalTitle('users');
  return (
    <Create redirect="list">
      <UserForm editing={false} />
    </Create>
  );
}
