import { useEffect, useState, type FormEvent } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, Card, CardContent, IconButton, Stack, TextField, Typography } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { apiPost } from '../../providers/http';
import { useApiAction } from '../shared/useApiAction';
import { useApiGet } from '../shared/useApiGet';
import type { TrackingTemplate } from './types';

const saveTemplates = (templates: TrackingTemplate[]) => apiPost<{ data: TrackingTemplate[] }>('api/courier/savetemplates', { templates });

/** On the company settings screen: each courier's tracking page, with `{waybill}` where the waybill goes. */
export function CourierTemplatesCard() {
  const translate = useTranslate();
  const { data, error } = useApiGet<{ data: TrackingTemplate[] }>('api/courier/templates', {});
  const [rows, setRows] = useState<TrackingTemplate[] | null>(null);
  useEffect(() => {
    if (data) setRows(data.data);
  }, [data]);
  const save = useApiAction(saveTemplates, { success: 'courier.templates.saved', notifyFailure: false, onSuccess: (answer) => setRows(answer.data) });
  // The server names the row and field at fault (templates.1.url_template); shown beside it.
  const errors: Record<string, string> = !save.error ? {} : Object.keys(save.fieldErrors).length ? save.fieldErrors : { form: save.error.message };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rows) void save.run(rows);
  }
  const change = (i: number, field: keyof TrackingTemplate, value: string) => setRows((current) => current && current.map((row, j) => (j === i ? { ...row, [field]: value } : row)));

  return (
    <Card variant="outlined" data-testid="courier-templates-card">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('courier.templates.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {translate('courier.templates.hint')}
        </Typography>
        {error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : !rows ? (
          <Loading />
        ) : (
          <Box component="form" onSubmit={submit} noValidate>
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
            {rows.length === 0 && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('courier.templates.none')}
              </Typography>
            )}
            <Stack spacing={2}>
              {rows.map((row, i) => (
                <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                  <TextField
                    name={`templates.${i}.courier`}
                    label={translate('courier.templates.courier')}
                    value={row.courier}
                    onChange={(event) => change(i, 'courier', event.target.value)}
                    error={!!errors[`templates.${i}.courier`]}
                    helperText={errors[`templates.${i}.courier`]}
                    size="small"
                    slotProps={{ htmlInput: { maxLength: 100 } }}
                    sx={{ minWidth: { sm: 200 } }}
                  />
                  <TextField
                    name={`templates.${i}.url_template`}
                    label={translate('courier.templates.url_template')}
                    value={row.url_template}
                    onChange={(event) => change(i, 'url_template', event.target.value)}
                    error={!!errors[`templates.${i}.url_template`]}
                    helperText={errors[`templates.${i}.url_template`]}
                    size="small"
                    type="url"
                    fullWidth
                    slotProps={{ htmlInput: { maxLength: 500 } }}
                  />
                  <IconButton aria-label={translate('courier.templates.remove', { courier: row.courier })} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              ))}
            </Stack>
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
              <Button variant="outlined" onClick={() => setRows([...rows, { courier: '', url_template: '' }])}>
                {translate('courier.templates.add')}
              </Button>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {translate('courier.templates.save')}
              </Button>
            </Stack>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
