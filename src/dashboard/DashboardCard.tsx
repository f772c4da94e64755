import type { ReactNode } from 'react';
import { Alert, Card, CardActions, CardContent, CardHeader, LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ApiError } from '../providers/http';
import { LabelButton } from '../resources/shared/LabelButton';

/**
 * A dashboard's card: a heading (h2, what a screen reader jumps between), its figures once they are
 * in, a bar while they come, and the server's refusal with a retry when they do not.
 */
export function DashboardCard({
  id,
  title,
  ready,
  error,
  retry,
  actions,
  children,
}: {
  id: string;
  title: string;
  ready: boolean;
  error: ApiError | null;
  retry: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-title`} data-testid={id} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardHeader title={title} slotProps={{ title: { id: `${id}-title`, variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0, flexGrow: 1 }}>
        {error ? (
          <Alert severity="error" action={<LabelButton label="app.retry" onClick={retry} />}>
            {error.message || translate('ra.notification.http_error')}
          </Alert>
        ) : ready ? (
          children
        ) : (
          <LinearProgress aria-label={translate('app.loading')} />
        )}
      </CardContent>
      {actions && <CardActions>{actions}</CardActions>}
    </Card>
  );
}
