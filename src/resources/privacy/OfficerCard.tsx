import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { useApiAction } from '../shared/useApiAction';
import { useApiGet } from '../shared/useApiGet';
import { saveOfficer, type Officer } from './calls';

const fields = ['name', 'email', 'phone'] as const;

/** The company's information officer (POPIA s55), on the company settings screen; the privacy page names them. */
export function OfficerCard() {
  const translate = useTranslate();
  const { data, error } = useApiGet<{ data: Officer }>('api/privacy/officer', {});
  const [values, setValues] = useState<Officer | null>(null);
  useEffect(() => {
    if (data) setValues(data.data);
  }, [data]);
  // The server's problems show beside the fields they name, or above them when they name none.
  const save = useApiAction(saveOfficer, { success: 'privacy.officer.saved', notifyFailure: false, onSuccess: (answer) => setValues(answer.data) });
  const busy = save.isPending;
  const errors: Record<string, string> = !save.error ? {} : Object.keys(save.fieldErrors).length ? save.fieldErrors : { form: save.error.message };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (values) void save.run(values);
  }

  return (
    <Card variant="outlined" data-testid="information-officer-card">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('privacy.officer.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('privacy.officer.hint')}
        </Typography>
        {error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : !values ? (
          <Loading />
        ) : (
          <Box component="form" onSubmit={submit} noValidate>
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {fields.map((field) => (
                <TextField
                  key={field}
                  name={`officer_${field}`}
                  label={translate(`privacy.officer.${field}`)}
                  type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                  value={values[field]}
                  onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                  error={!!errors[field]}
                  helperText={errors[field]}
                  size="small"
                  fullWidth
                />
              ))}
            </Stack>
            <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={busy}>
              {translate('privacy.officer.save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
