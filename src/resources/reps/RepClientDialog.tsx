import { SelectInput, TextInput, email, required, type Identifier } from 'react-admin';
import { apiGet } from '../../providers/http';
import { FormDialog } from '../shared/FormDialog';
import { useBranchChoices } from '../members/choices';
import { saveRepClient } from './saveRepClient';
import { SavedElsewhereNotice } from '../shared/SavedElsewhereNotice';

/** The client types a rep works (company clients are nobody's). */
const repClientTypes = ['stockist', 'individual'].map((id) => ({ id, name: `members.types.${id}` }));

export interface RepClientDialogProps {
  repUserId: number;
  /** The client being edited; a new client when absent. */
  client?: Record<string, unknown> & { id: number; version?: number };
  onClose: () => void;
  onSaved: (client: { id: number }) => void;
  /** Reads the client again (the notice's Reload when someone else saved it). */
  onReload?: () => void;
}

/** The client as its rep reads it (reps/client), for its version. */
const readAsRep = (id: Identifier) => apiGet<{ data: { version?: number } }>('api/reps/client', { id: String(id) }).then((answer) => answer.data);

/** Creates a client linked to the rep, or edits one it works (reps/saveclient). */
export function RepClientDialog({ repUserId, client, onClose, onSaved, onReload }: RepClientDialogProps) {
  const branches = useBranchChoices();
  const submit = async (values: Record<string, unknown>) => onSaved(await saveRepClient(repUserId, values, client?.id, client?.version));
  return (
    <FormDialog
      open
      onClose={onClose}
      title={client ? 'reps.clients.edit' : 'reps.clients.create'}
      resource="members"
      record={client ?? { type: 'stockist' }}
      onSubmit={submit}
      success={client ? 'reps.clients.saved' : 'reps.clients.created'}
    >
      {client && <SavedElsewhereNotice resource="members" read={readAsRep} onReload={onReload} />}
      {/* A rep does not change a client's type: its users' role follows it. */}
      <SelectInput source="type" choices={repClientTypes} validate={required()} disabled={client !== undefined} />
      <TextInput source="name" validate={required()} />
      <TextInput source="contact_name" />
      <TextInput source="email" type="email" validate={email()} />
      <TextInput source="phone" />
      <TextInput source="address" multiline minRows={2} />
      <SelectInput source="branch_id" choices={branches} emptyText="members.view.no_branch" />
    </FormDialog>
  );
}
