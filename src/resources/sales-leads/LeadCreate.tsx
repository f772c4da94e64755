import { Create } from 'react-admin';
import { LeadForm, leadFields } from './LeadForm';

export default function LeadCreate() {
  return (
    <Create redirect="list" transform={leadFields} record={{ status: 'new', source: 'manual', client_type: 'stockist' }}>
      <LeadForm />
    </Create>
  );
}
