import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useServerSearch } from '../orders/useServerSearch';

export interface ClientOption {
  id: number;
  name: string;
  email?: string | null;
}

const SEARCH = { perPage: 20, sort: 'name', order: 'ASC' };

/**
 * A client found by name on the server (clients/all with q: there may be thousands). With
 * `value` it is a choice (the preview's client); without, each pick is handed over and the field
 * empties for the next one (adding clients to a list).
 */
export function ClientSearch({
  label,
  value,
  onPick,
  helperText,
}: {
  label: string;
  value?: ClientOption | null;
  onPick: (client: ClientOption | null) => void;
  helperText?: string;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const { options, loading } = useServerSearch<ClientOption>('api/clients/all', input, SEARCH);
  const picker = value === undefined;
  return (
    <Autocomplete
      options={options}
      loading={loading}
      value={picker ? null : value}
      inputValue={input}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(client) => client.name}
      renderOption={({ key, ...props }, client) => (
        <li key={key} {...props}>
          {client.name}
          {client.email && (
            <>
              &nbsp;·&nbsp;<bdi>{client.email}</bdi>
            </>
          )}
        </li>
      )}
      onInputChange={(_event, text, reason) => {
        // A picker empties after each pick; react-admin's reset would write the picked name back.
        if (!(picker && reason === 'reset')) setInput(text);
      }}
      onChange={(_event, client) => {
        onPick(client);
        if (picker) setInput('');
      }}
      noOptionsText={translate('mailing.clients.none_found')}
      loadingText={translate('app.loading')}
      renderInput={(params) => <TextField {...params} size="small" label={translate(label)} helperText={helperText && translate(helperText)} />}
      sx={{ minWidth: 280, flex: 1, maxWidth: 480 }}
    />
  );
}
