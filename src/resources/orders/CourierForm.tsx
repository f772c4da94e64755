import { useEffect, useState, type FormEvent } from 'react';
import { Autocomplete, Box, Button, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ApiError, apiGet, apiPost } from '../../providers/http';
import { Panel } from './Panel';
import { SavedElsewhereAlert } from '../shared/SavedElsewhereNotice';
import { useApiAction } from '../shared/useApiAction';
import type { OrderDetails } from './types';

/** Courier name (from the usual list, or typed) and tracking number: admin and production. */
export function CourierForm({ order, onSaved }: { order: OrderDetails; onSaved: () => void }) {
  const translate = useTranslate();
  const [couriers, setCouriers] = useState<string[]>([]);
  // What the form was opened (or last brought up to date) at: the values, and the order's version.
  const [opened, setOpened] = useState({ version: order.version, courier: order.courier_name, tracking: order.tracking_number });
  const [courier, setCourier] = useState(order.courier_name);
  const [tracking, setTracking] = useState(order.tracking_number);
  // The version this form was opened at: a courier saved by someone else since is not overwritten (409).
  const save = useApiAction(
    ({ version, ...body }: { version: number; courier_name: string; tracking_number: string }) =>
      apiPost('api/orders/save_courier', { id: order.id, ...body }, { 'If-Match': `"${version}"` }),
    {
      success: 'orders.view.courier_saved',
      failureMessage: (error) => (error instanceof ApiError && error.status === 409 && error.errors?.version ? 'live.stale_save' : undefined),
      onSuccess: onSaved,
    },
  );
  const adopt = () => {
    setOpened({ version: order.version, courier: order.courier_name, tracking: order.tracking_number });
    setCourier(order.courier_name);
    setTracking(order.tracking_number);
  };
  // The order moved on (its live events): an untouched form, or one that already shows
  // the new values (its own save), follows it; a change that left the courier alone (a status)
  // only moves the version the form saves against; someone else's courier over what is being typed
  // keeps the typing and says so (a save then would be refused: 409).
  const untouched = courier === opened.courier && tracking === opened.tracking;
  const showsNew = courier === order.courier_name && tracking === order.tracking_number;
  const theirsElsewhere = order.courier_name === opened.courier && order.tracking_number === opened.tracking;
  const stale = order.version !== opened.version;
  useEffect(() => {
    if (!stale) return;
    if (untouched || showsNew) adopt();
    else if (theirsElsewhere) setOpened((current) => ({ ...current, version: order.version }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stale, untouched, showsNew, theirsElsewhere, order.version]);

  useEffect(() => {
    apiGet<{ data: { couriers: string[] } }>('api/orders/properties').then(
      (answer) => setCouriers(answer.data.couriers),
      () => setCouriers([]),
    );
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void save.run({ version: opened.version, courier_name: courier, tracking_number: tracking });
  }

  return (
    <Panel title="orders.view.courier" onSubmit={submit}>
      {stale && !untouched && !showsNew && !theirsElsewhere && <SavedElsewhereAlert onReload={adopt} sx={{ mb: 2 }} />}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Autocomplete
          freeSolo
          options={couriers}
          value={courier}
          onInputChange={(_, value) => setCourier(value)}
          sx={{ minWidth: 220, flex: 1 }}
          renderInput={(params) => <TextField {...params} name="courier_name" label={translate('resources.orders.fields.courier_name')} slotProps={{ htmlInput: { ...params.inputProps, maxLength: 100 } }} />}
        />
        <TextField
          name="tracking_number"
          label={translate('resources.orders.fields.tracking_number')}
          value={tracking}
          onChange={(event) => setTracking(event.target.value)}
          sx={{ minWidth: 200, flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 1 }}>
          {translate('orders.view.save_courier')}
        </Button>
      </Box>
    </Panel>
  );
}
