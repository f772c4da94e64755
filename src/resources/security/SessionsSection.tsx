import { visuallyHidden } from '@mui/utils';
import { Alert, Box, Button, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { Loading, useLogout, useTranslate } from 'react-admin';
import { describeDevice } from '../../../shared/sessions/device';
import { formatDateTime } from '../../i18n/format';
import { useApiGet } from '../shared/useApiGet';
import { SectionCard } from '../shared/SectionCard';
import { useApiAction } from '../shared/useApiAction';
import { type SessionRow, endSession } from './calls';

/** Where the user is signed in (browser and system from the user agent, address, last seen); each can be signed out. */
export function SessionsSection() {
  const translate = useTranslate();
  const logout = useLogout();
  const { data, error, refetch } = useApiGet<{ data: SessionRow[] }>('api/auth/sessions', {});

  const deviceOf = (row: SessionRow) => {
    const { browser, system } = describeDevice(row.user_agent);
    if (browser && system) return translate('security.sessions.device', { browser, system });
    return browser ?? system ?? translate('security.sessions.unknown_device');
  };

  // Ending this very session is signing out: the sign-in page says so, not a notice.
  const signOut = useApiAction((row: SessionRow) => endSession(row.id), {
    success: (_, row) => (row.current ? undefined : 'security.sessions.ended'),
    onSuccess: async (_, row) => {
      if (row.current) await logout({ reason: 'user' });
      else refetch();
    },
  });

  return (
    <SectionCard title="security.sessions.title" subheader={translate('security.sessions.intro')}>
      {error ? (
        <Alert severity="error">{error.message || translate('ra.notification.http_error')}</Alert>
      ) : !data ? (
        <Loading />
      ) : (
        // Positioned, so the visually hidden header label stays inside the scrolling box on a phone.
        <TableContainer sx={{ position: 'relative' }}>
          <Table size="small" aria-label={translate('security.sessions.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('security.sessions.device_column')}</TableCell>
                <TableCell>{translate('security.sessions.ip')}</TableCell>
                <TableCell>{translate('security.sessions.last_seen')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('security.sessions.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.data.map((row) => (
                <TableRow key={row.id} data-testid="session-row">
                  <TableCell id={`session-${row.id}`}>
                    {deviceOf(row)} {row.current && <Chip size="small" color="primary" variant="outlined" label={translate('security.sessions.this_device')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell dir="ltr">{row.ip}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.last_seen_at)}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => void signOut.run(row)} aria-describedby={`session-${row.id}`}>
                      {translate('security.sessions.sign_out')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </SectionCard>
  );
}
