import { useEffect, useState, type FormEvent } from 'react';
import { Autocomplete, Box, Button, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { ApiError, apiGet, apiPost } from '../../providers/http';
import { Panel } from './Panel';
import type { OrderDetails } from './types';

/** Courier name (from the usual list, or typed) and tracking number: admin and production. */
export function CourierForm({ order, onSaved }: { order: OrderDetails; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [couriers, setCouriers] = useState<string[]>([]);
  const [courier, setCourier] = useState(order.courier_name);
  const [tracking, setTracking] = useState(order.tracking_number);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    apiGet<{ data: { couriers: string[] } }>('api/orders/properties').then(
      (answer) => setCouriers(answer.data.couriers),
      () => setCouriers([]),
    );
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      // The version this form was opened at: a courier saved by someone else since is not overwritten (409).
      await apiPost('api/orders/save_courier', { id: order.id, courier_name: courier, tracking_number: tracking }, { 'If-Match': `"${order.version}"` });
      notify('orders.view.courier_saved', { type: 'success' });
      onSaved();
    } catch (error) {
      notify(error instanceof ApiError && error.status === 409 && error.errors?.version ? 'live.stale_save' : (error as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Panel title="orders.view.courier" onSubmit={save}>
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
        <Button type="submit" variant="contained" disabled={saving} sx={{ mt: 1 }}>
          {translate('orders.view.save_courier')}
        </Button>
      </Box>
    </Panel>
  );
}
