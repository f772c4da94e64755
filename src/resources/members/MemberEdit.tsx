import { Edit } from 'react-admin';
import { MemberForm, toClientView } from './MemberForm';

export default function MemberEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={toClientView}>
      <MemberForm />
    </Edit>
  );
}
