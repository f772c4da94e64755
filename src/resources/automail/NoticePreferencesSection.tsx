import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, FormControlLabel, FormGroup, Stack } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { noticePreferenceNames } from '../../../shared/automail/kinds';
import { useApiAction } from '../shared/useApiAction';
import { useApiGet } from '../shared/useApiGet';
import { SectionCard } from '../shared/SectionCard';
import { type Preferences, savePreferences } from './calls';

/** On a member's own page (/profile): which notices its client gets; saved as a whole, with a notice saying so. */
export function NoticePreferencesSection() {
  const translate = useTranslate();
  const { data, error } = useApiGet<{ data: Preferences }>('api/automail/preferences', {});
  const [choices, setChoices] = useState<Preferences | null>(null);
  const save = useApiAction(savePreferences, { success: 'notices.saved', onSuccess: (answer) => setChoices(answer.data) });

  useEffect(() => {
    if (data) setChoices(data.data);
  }, [data]);

  return (
    <SectionCard title="notices.title" subheader={translate('notices.intro')}>
      {error ? (
        <Alert severity="error">{error.message || translate('ra.notification.http_error')}</Alert>
      ) : !choices ? (
        <Loading />
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormGroup>
            {noticePreferenceNames.map((name) => (
              <FormControlLabel
                key={name}
                control={<Checkbox checked={choices[name]} onChange={(event) => setChoices({ ...choices, [name]: event.target.checked })} />}
                label={translate(`notices.${name}`)}
              />
            ))}
          </FormGroup>
          <Button variant="contained" onClick={() => void save.run(choices)} disabled={save.isPending}>
            {translate('notices.save')}
          </Button>
        </Stack>
      )}
    </SectionCard>
  );
}
