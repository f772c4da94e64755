import { SelectInput, useGetList } from 'react-admin';

/**
 * The "rep" filter of the members and debtors lists (admins'): a select over the reps. Not react-admin's `<ReferenceInput>`:
 * its module brings MUI's Autocomplete (its default child) along, ~47 kB the admin's first screen
 * would download for a filter that is a plain select here. Asked for only when the filter is shown.
 */
export function RepFilterInput({ source }: { source: string }) {
  const { data, isPending } = useGetList('repusers', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  return <SelectInput source={source} choices={data ?? []} optionText="name" isPending={isPending} />;
}
