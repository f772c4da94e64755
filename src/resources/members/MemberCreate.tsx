import { Create } from 'react-admin';
import { MemberForm, toClientView } from './MemberForm';
import { usePortalTitle } from '../../screens/usePortalTitle';

export default function MemberCreate() {
  usePortalTitle('members');
  return (
    <Create redirect={toClientView}>
      <MemberForm />
    </Create>
  );
}
