import {
  ReferenceArrayInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  email,
  required,
  type Identifier,
} from 'react-admin';
import { PortalDateInput } from '../shared/DateInputs';
import { dateToTimestamp, statusChoices, typeChoices, useBranchChoices } from './choices';

/** After a save, the member's own page. */
export const toClientView = (_resource: string | undefined, id: Identifier | undefined) => `clients/view/${id}`;

/** The company's form for a member: every client field the company decides. */
export function MemberForm() {
  const branches = useBranchChoices();
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <SelectInput source="type" choices={typeChoices} validate={required()} />
      <TextInput source="contact_name" />
      <TextInput source="email" type="email" validate={email()} />
      <TextInput source="phone" />
      <TextInput source="address" multiline minRows={2} />
      <SelectInput source="branch_id" choices={branches} />
      <SelectInput source="membership_status" choices={statusChoices} />
      <PortalDateInput source="membership_expires_at" toValue={dateToTimestamp} />
      <ReferenceArrayInput source="rep_ids" reference="repusers">
        <SelectArrayInput optionText="name" />
      </ReferenceArrayInput>
    </SimpleForm>
  );
}
