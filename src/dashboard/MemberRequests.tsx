import { Button, Card, CardActions, CardContent, CardHeader, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../i18n/format';

/** Members waiting for approval (membership status `requested`), oldest first. */
export function MemberRequests() {
  const translate = useTranslate();
  const { data, total, isPending } = useGetList('members', {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'created_at', order: 'ASC' },
    filter: { membership_status: 'requested' },
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
            {data.map((client) => (
              <ListItem key={client.id} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/clients/view/${client.id}`}>
                      {client.name}
                    </Link>
                  }
                  secondary={client.created_at ? formatDate(client.created_at) : client.email}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to="/members">
          {translate('dashboard.all_members')}
        </Button>
      </CardActions>
    </Card>
  );
}
