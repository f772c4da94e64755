import { Button, Card, CardActions, CardContent, CardHeader, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../i18n/format';

/**
 * Membership requests waiting for the admin (open registrations, the same count as the menu
 * badge and /member-requests), oldest first.
 */
export function MemberRequests() {
  const translate = useTranslate();
  const { data, total, isPending } = useGetList('sales-leads', {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'created_at', order: 'ASC' },
    filter: { requests: true },
  });
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title={translate('dashboard.member_requests')}
        subheader={total !== undefined ? translate('dashboard.waiting', { smart_count: total }) : undefined}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Loading />
        ) : !data?.length ? (
          <Typography color="text.secondary">{translate('dashboard.no_requests')}</Typography>
        ) : (
          <List dense disablePadding>
            {data.map((lead) => (
              <ListItem key={lead.id} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to="/member-requests">
                      {lead.name}
                    </Link>
                  }
                  secondary={lead.created_at ? formatDate(lead.created_at) : lead.email}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to="/member-requests">
          {translate('dashboard.all_requests')}
        </Button>
      </CardActions>
    </Card>
  );
}
