import {
  BooleanField,
  BooleanInput,
  EmailField,
  FunctionField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { roleLabel } from '../../i18n/roleName';
import { BranchName } from '../members/MemberFields';
import { useBranchChoices } from '../members/choices';
import { BranchesSection } from './BranchesSection';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { PageHeading } from '../shared/PageHeading';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

const RoleName = () => (
  <ReferenceField source="role_id" reference="roles" link={false}>
    <TextField source="display_name" />
  </ReferenceField>
);

/** On a phone: the user, then its email, role and branch. */
const phoneRow: PhoneRow = {
  primaryText: (user) => user.name,
  secondaryText: (user) => <Facts parts={[user.email, <RoleName />, <BranchName />]} />,
};

/** /users: the company's users with their role and branch, and the branches below them. */
export default function UserList() {
  const title = usePortalTitle('users');
  const branches = useBranchChoices();
  const translate = useTranslate();
  const roleText = (role: RaRecord) => roleLabel(translate, role as { name?: string; display_name?: string });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <ReferenceInput key="role_id" source="role_id" reference="roles" alwaysOn>
      <SelectInput optionText={roleText} />
    </ReferenceInput>,
    <SelectInput key="branch_id" source="branch_id" choices={branches} alwaysOn />,
    <BooleanInput key="active" source="active" />,
  ];
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25} filterDefaultValues={{ active: true }}>
        <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false} phone={phoneRow}>
          <TextField source="name" />
          <EmailField source="email" />
          <ReferenceField source="role_id" reference="roles" link={false}>
            <FunctionField source="display_name" render={roleText} />
          </ReferenceField>
          <FunctionField source="branch_id" render={() => <BranchName />} />
          <BooleanField source="active" />
        </ResponsiveDatagrid>
      </List>
      <BranchesSection />
    </>
  );
}
