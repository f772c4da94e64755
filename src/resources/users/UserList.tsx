import {
  BooleanField,
  BooleanInput,
  Datagrid,
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
import { PageHeading } from '../shared/SectionCard';

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
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="name" />
          <EmailField source="email" />
          <ReferenceField source="role_id" reference="roles" link={false}>
            <FunctionField source="display_name" render={roleText} />
          </ReferenceField>
          <FunctionField source="branch_id" render={() => <BranchName />} />
          <BooleanField source="active" />
        </Datagrid>
      </List>
      <BranchesSection />
    </>
  );
}
