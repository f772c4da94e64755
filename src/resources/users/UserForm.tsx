import {
  BooleanInput,
  PasswordInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  DeleteButton,
  email,
  minLength,
  required,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Box } from '@mui/material';
import { roleLabel } from '../../i18n/roleName';
import { UserSecurityActions } from '../security/UserSecurityActions';
import { useBranchChoices } from '../members/choices';

const MIN_PASSWORD = 12;
/** Company users carry a company role; member roles belong to a client's users (the member's page). */
const companyRoles = ['admin', 'production', 'reseller'];

function useCompanyRoleChoices() {
  const translate = useTranslate();
  const { data = [] } = useGetList<{ id: number; name: string; display_name: string }>('roles', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });
  return data.filter((role) => companyRoles.includes(role.name)).map((role) => ({ id: role.id, name: roleLabel(translate, role) }));
}

/** Deleting a user deactivates it (admin/deleteuser), so the button says so. */
function EditToolbar() {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
      <SaveButton />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <UserSecurityActions />
      </Box>
      <DeleteButton
        label="members.users.deactivate"
        mutationMode="pessimistic"
        confirmTitle="members.users.deactivate_title"
        confirmContent="members.users.deactivate_content"
        translateOptions={{ name: record?.name ?? '' }}
        successMessage="members.users.deactivated"
      />
    </Toolbar>
  );
}

/** A company user: name, email, role, branch; a password on creation, optionally a new one later. */
export function UserForm({ editing }: { editing: boolean }) {
  const roles = useCompanyRoleChoices();
  const branches = useBranchChoices();
  return (
    <SimpleForm toolbar={editing ? <EditToolbar /> : undefined}>
      <TextInput source="name" validate={required()} />
      <TextInput source="email" type="email" validate={[required(), email()]} />
      <SelectInput source="role_id" choices={roles} validate={required()} />
      <SelectInput source="branch_id" choices={branches} />
      {editing ? (
        <PasswordInput source="password" validate={minLength(MIN_PASSWORD)} helperText="members.users.password_keep" />
      ) : (
        <PasswordInput source="password" validate={[required(), minLength(MIN_PASSWORD)]} helperText="members.users.password_hint" />
      )}
      {editing && <BooleanInput source="active" />}
    </SimpleForm>
  );
}

/** On update a blank password means "keep the current one". */
export const withoutBlankPassword = ({ password, ...data }: Record<string, unknown>) => (password ? { ...data, password } : data);
