import { SelectInput, useGetList, type SelectInputProps } from 'react-admin';

/** Who may own a lead (the server's rule): an active admin or rep. */
const OWNER_ROLES = ['admin', 'reseller'];

/**
 * The owner of a lead, from the company's users (admin/companyusers). The company's staff is a
 * short list, read once; the production team is left out, as it cannot own leads.
 */
export function OwnerInput(props: Omit<SelectInputProps, 'source' | 'choices'>) {
  const { data = [], isPending } = useGetList<{ id: number; name: string; role_name: string }>('users', {
    filter: { active: true },
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const owners = data.filter((user) => OWNER_ROLES.includes(user.role_name));
  return <SelectInput source="owner_id" choices={owners} isPending={isPending} {...props} />;
}
