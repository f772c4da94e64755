import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, CircularProgress, Divider, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../i18n/format';
import { ApiError } from '../../providers/http';
import { useApiGet } from '../shared/useApiGet';
import { SectionCard } from '../shared/SectionCard';
import { useApiAction } from '../shared/useApiAction';
import { isLocale, recordConsent, type ConsentRecord, type ConsentSubject } from './calls';

/** One consent as it was recorded: when, given or not, how, the exact wording, the address, the note. */
function ConsentEntry({ consent }: { consent: ConsentRecord }) {
  const translate = useTranslate();
  return (
    <Box component="li" sx={{ listStyle: 'none', py: 1 }} data-testid="consent-entry">
      <Typography variant="subtitle2">
        {formatDateTime(consent.at)} · {translate(consent.given ? 'privacy.history.given' : 'privacy.history.not_given')} ·{' '}
        {translate(`privacy.history.methods.${consent.method}`)}
      </Typography>
      <Typography variant="body2" lang={consent.locale} sx={{ fontStyle: 'italic' }}>
        “{consent.wording}”
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {consent.ip && <bdi>{translate('privacy.history.ip', { ip: consent.ip })} </bdi>}
        {consent.recorded_by && translate('privacy.history.by', { name: consent.recorded_by })}
      </Typography>
      {consent.note && <Typography variant="body2">{consent.note}</Typography>}
    </Box>
  );
}

/** The admin records what the person said on the phone: given or not, with a required note. */
function RecordByPhone({ subject, onSaved }: { subject: ConsentSubject; onSaved: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [given, setGiven] = useState(true);
  const [note, setNote] = useState('');
  // A refusal is said under the note, the one field the admin types.
  const record = useApiAction((body: Parameters<typeof recordConsent>[1]) => recordConsent(subject, body), {
    success: 'privacy.history.saved',
    notifyFailure: false,
    onSuccess: () => {
      setNote('');
      onSaved();
    },
  });
  const busy = record.isPending;
  const failure = record.error;
  const problem = failure ? (failure instanceof ApiError ? (failure.errors.note ?? failure.message) : failure.message) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    void record.run({ given, note, locale: isLocale(locale) ? locale : 'en' });
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={translate('privacy.history.record')}>
      <Typography variant="subtitle2" component="h3">
        {translate('privacy.history.record')}
      </Typography>
      <FormControlLabel control={<Checkbox checked={given} onChange={(event) => setGiven(event.target.checked)} />} label={translate('privacy.history.record_given')} />
      <TextField
        label={translate('privacy.history.note')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        required
        fullWidth
        size="small"
        error={!!problem}
        helperText={problem ?? undefined}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Button type="submit" variant="outlined" sx={{ mt: 1 }} disabled={busy || !note.trim()}>
        {translate('privacy.history.save')}
      </Button>
    </Box>
  );
}

/**
 * A member's or lead's consent to marketing mail (POPIA), for the admin: its state now and
 * every record behind it, newest first, and a way to record a consent given on the phone.
 */
export function ConsentHistorySection({ subject }: { subject: ConsentSubject }) {
  const translate = useTranslate();
  const { data, error, refetch } = useApiGet<{ data: ConsentRecord[] }>('api/privacy/consents', subject);
  const latest = data?.data[0];
  return (
    <SectionCard title="privacy.history.title">
      <Stack spacing={1} data-testid="consent-history">
        {error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : !data ? (
          <CircularProgress size={24} aria-label={translate('app.loading')} />
        ) : (
          <>
            <Typography data-testid="consent-state">
              {translate('privacy.history.current', { state: translate(latest?.given ? 'privacy.history.given' : 'privacy.history.not_given') })}
            </Typography>
            {data.data.length === 0 ? (
              <Typography color="text.secondary">{translate('privacy.history.empty')}</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, p: 0 }}>
                {data.data.map((consent) => (
                  <ConsentEntry key={consent.id} consent={consent} />
                ))}
              </Box>
            )}
          </>
        )}
        <Divider />
        <RecordByPhone subject={subject} onSaved={refetch} />
      </Stack>
    </SectionCard>
  );
}
