import { Edit } from 'react-admin';
import { UserForm, withoutBlankPassword } from './UserForm';

export default function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={withoutBlankPassword} redirect="list">
      <UserForm editing />
    </Edit>
  );
}
