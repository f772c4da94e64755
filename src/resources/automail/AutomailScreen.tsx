import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, FormControlLabel, List, ListItem, Stack, Switch, Typography } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import type { AutomailKind } from '../../../shared/automail/kinds';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { useApiAction } from '../shared/useApiAction';
import { useApiGet } from '../shared/useApiGet';
import { type KindRow, setEnabled } from './calls';
import { TemplateEditor } from './TemplateEditor';

/**
 * /automatic-mail (admin): every automatic mail with its switch and the languages given
 * their own wording; "Edit wording" opens the kind's editor below the table.
 */
export default function AutomailScreen() {
  const translate = useTranslate();
  const title = usePortalTitle('automatic_mail');
  const { data, error, refetch } = useApiGet<{ data: KindRow[] }>('api/automail/kinds', {});
  const [editing, setEditing] = useState<AutomailKind | null>(null);

  const toggle = useApiAction(({ kind, enabled }: { kind: AutomailKind; enabled: boolean }) => setEnabled(kind, enabled), {
    success: (_, { kind, enabled }) => ({ message: enabled ? 'automail.switched_on' : 'automail.switched_off', args: { kind: translate(`automail.kinds.${kind}`) } }),
    onSuccess: refetch,
  });

  return (
    <Stack spacing={2} sx={{ my: 2, maxWidth: 1100 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{translate('automail.intro')}</Typography>
      <Card>
        <CardContent>
          {error ? (
            <Alert severity="error">{error.message || translate('ra.notification.http_error')}</Alert>
          ) : !data ? (
            <Loading />
          ) : (
            <List disablePadding aria-label={title}>
              {data.data.map((row) => {
                const name = translate(`automail.kinds.${row.kind}`);
                return (
                  // A list, not a table: each kind's switch and button wrap under its name on a phone.
                  <ListItem key={row.kind} divider data-testid="automail-kind" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1, px: 0 }}>
                    <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
                      <Typography id={`automail-${row.kind}`}>{name}</Typography>
                      <Box sx={{ mt: 0.5 }}>
                        {row.overridden.length === 0 ? (
                          <Typography variant="body2" color="text.secondary">
                            {translate('automail.default_wording')}
                          </Typography>
                        ) : (
                          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }} aria-label={translate('automail.column_reworded')}>
                            {row.overridden.map((code) => (
                              <Chip key={code} size="small" label={translate(`app.languages.${code}`)} lang={code} />
                            ))}
                          </Stack>
                        )}
                      </Box>
                    </Box>
                    <FormControlLabel
                      control={<Switch checked={row.enabled} onChange={(event) => void toggle.run({ kind: row.kind, enabled: event.target.checked })} slotProps={{ input: { 'aria-describedby': `automail-${row.kind}` } }} />}
                      label={translate('automail.column_enabled')}
                    />
                    <Button size="small" onClick={() => setEditing(row.kind)} aria-describedby={`automail-${row.kind}`}>
                      {translate('automail.edit')}
                    </Button>
                  </ListItem>
                );
              })}
            </List>
          )}
        </CardContent>
      </Card>
      {editing && <TemplateEditor key={editing} kind={editing} onChanged={refetch} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
