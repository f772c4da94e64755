import { SelectInput, TextInput, email, required } from 'react-admin';
import { FormDialog } from '../shared/FormDialog';
import { useBranchChoices } from '../members/choices';
import { saveRepClient } from './saveRepClient';

/** The client types a rep works (company clients are nobody's). */
const repClientTypes = ['stockist', 'individual'].map((id) => ({ id, name: `members.types.${id}` }));

export interface RepClientDialogProps {
  repUserId: number;
  /** The client being edited; a new client when absent. */
  client?: Record<string, unknown> & { id: number };
  onClose: () => void;
  onSaved: (client: { id: number }) => void;
}

/** Creates a client linked to the rep, or edits one it works (reps/saveclient). */
export function RepClientDialog({ repUserId, client, onClose, onSaved }: RepClientDialogProps) {
  const branches = useBranchChoices();
  const submit = async (values: Record<string, unknown>) => onSaved(await saveRepClient(repUserId, values, client?.id));
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
