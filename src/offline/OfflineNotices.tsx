import { lazy, Suspense } from 'react';
import { Alert, Stack } from '@mui/material';
import { useIsOffline, useTranslate } from 'react-admin';

const WaitingOutbox = lazy(() => import('./WaitingOutbox'));

/**
 * Above every back-office screen: a banner while there is no connection, and the orders and proofs
 * of delivery made offline that wait on this device (src/offline/WaitingOutbox.tsx).
 */
export function OfflineNotices() {
  const translate = useTranslate();
  const offline = useIsOffline();
  return (
    <Stack spacing={1} sx={{ '&:not(:empty)': { mb: 2 } }}>
      {offline && (
        <Alert severity="warning" role="status" data-testid="offline-banner">
          {translate('offline.banner')}
        </Alert>
      )}
      <Suspense fallback={null}>
        <WaitingOutbox />
      </Suspense>
    </Stack>
  );
}
