import { SavedElsewhereNotice } from '../shared/SavedElsewhereNotice';
import { Edit } from 'react-admin';
import { MemberForm, toClientView } from './MemberForm';
import { usePortalTitle } from '../../screens/usePortalTitle';

export default function MemberEdit() {
  usePortalTitle('members');
  return (
    <Edit mutationMode="pessimistic" redirect={toClientView}>
      <SavedElsewhereNotice resource="members" />
      <MemberForm />
    </Edit>
  );
}
