import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack, Switch, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import type { AutomailKind } from '../../../shared/automail/kinds';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { useApiGet } from '../reps/useApiGet';
import { SectionCard } from '../shared/SectionCard';
import { type KindRow, setEnabled } from './calls';
import { TemplateEditor } from './TemplateEditor';

/**
 * /automatic-mail (admin, issue 24): every automatic mail with its switch and the languages given
 * their own wording; "Edit wording" opens the kind's editor below the table.
 */
export default function AutomailScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const title = usePortalTitle('automatic_mail');
  const { data, error, refetch } = useApiGet<{ data: KindRow[] }>('api/automail/kinds', {});
  const [editing, setEditing] = useState<AutomailKind | null>(null);

  async function toggle(row: KindRow, enabled: boolean) {
    try {
      await setEnabled(row.kind, enabled);
    } catch (failure) {
      notify((failure as Error).message || 'ra.notification.http_error', { type: 'error' });
      return;
    }
    notify(enabled ? 'automail.switched_on' : 'automail.switched_off', { type: 'success', messageArgs: { kind: translate(`automail.kinds.${row.kind}`) } });
    refetch();
  }

  return (
    <Stack spacing={2} sx={{ my: 2, maxWidth: 1100 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{translate('automail.intro')}</Typography>
      <SectionCard title="app.pages.automatic_mail">
        {error ? (
          <Alert severity="error">{error.message || translate('ra.notification.http_error')}</Alert>
        ) : !data ? (
          <Loading />
        ) : (
          <TableContainer>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('automail.column_kind')}</TableCell>
                  <TableCell>{translate('automail.column_enabled')}</TableCell>
                  <TableCell>{translate('automail.column_reworded')}</TableCell>
                  <TableCell>
                    <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                      {translate('automail.edit')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((row) => {
                  const name = translate(`automail.kinds.${row.kind}`);
                  return (
                    <TableRow key={row.kind} data-testid="automail-kind">
                      <TableCell id={`automail-${row.kind}`}>{name}</TableCell>
                      <TableCell>
                        <Switch checked={row.enabled} onChange={(event) => void toggle(row, event.target.checked)} slotProps={{ input: { 'aria-label': name } }} />
                      </TableCell>
                      <TableCell>
                        {row.overridden.length === 0 ? (
                          <Typography variant="body2" color="text.secondary">
                            {translate('automail.default_wording')}
                          </Typography>
                        ) : (
                          row.overridden.map((code) => <Chip key={code} size="small" label={translate(`app.languages.${code}`)} lang={code} sx={{ mr: 0.5 }} />)
                        )}
                      </TableCell>
                      <TableCell align="right">
                        <Button size="small" onClick={() => setEditing(row.kind)} aria-describedby={`automail-${row.kind}`}>
                          {translate('automail.edit')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </SectionCard>
      {editing && <TemplateEditor key={editing} kind={editing} onChanged={refetch} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
