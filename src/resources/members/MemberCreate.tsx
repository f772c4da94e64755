import { Create } from 'react-admin';
import { MemberForm, toClientView } from './MemberForm';

export default function MemberCreate() {
  return (
    <Create redirect={toClientView}>
      <MemberForm />
    </Create>
  );
}
