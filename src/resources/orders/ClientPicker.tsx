import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useServerSearch } from './useServerSearch';

const SEARCH = { perPage: 20, sort: 'name', order: 'ASC' };

export interface PickedClient {
  id: number;
  name: string;
}

/** Search the members by name (server-side: there may be thousands). Admin only. */
export function ClientPicker({ value, onChange }: { value: PickedClient | null; onChange: (client: PickedClient | null) => void }) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const { options } = useServerSearch<PickedClient>('api/clients/all', input, SEARCH);

  return (
    <Autocomplete
      options={options}
      value={value}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(client) => client.name}
      onInputChange={(_, text) => setInput(text)}
      onChange={(_, client) => onChange(client)}
      renderInput={(params) => <TextField {...params} label={translate('orders.create.choose_client')} name="client" required />}
    />
  );
}
