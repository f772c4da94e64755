import { useMemo } from 'react';
import { useGetList } from 'react-admin';

export interface PropertyRecord {
  id: number;
  name: string;
  values: { id: number; value: string }[];
}

/** Every property value as a choice "Property: value", for the product form and the list filter. */
export function usePropertyValueChoices() {
  const { data, isPending } = useGetList<PropertyRecord>('properties', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const choices = useMemo(
    () => (data ?? []).flatMap((property) => property.values.map((value) => ({ id: value.id, name: `${property.name}: ${value.value}` }))),
    [data],
  );
  return { choices, isPending };
}
