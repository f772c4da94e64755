import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiGet } from '../../providers/http';

export interface PickedClient {
  id: number;
  name: string;
}

/** Search the members by name (server-side: there may be thousands). Admin only. */
export function ClientPicker({ value, onChange }: { value: PickedClient | null; onChange: (client: PickedClient | null) => void }) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<PickedClient[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiGet<{ data: PickedClient[] }>('api/clients/all', { q: input, perPage: 20, sort: 'name', order: 'ASC' }, controller.signal)
        .then((answer) => setOptions(answer.data))
        .catch(() => undefined);
    }, 200);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [input]);

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
