import { Button, Card, CardActions, CardContent, CardHeader, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../i18n/format';
import type { Lead } from './leads';
import { useLiveRefresh } from '../shared/useLiveRefresh';
import { filteredListPath } from '../shared/filteredListPath';

/** The admin dashboard's card: leads whose follow-up date has come, the oldest first. */
export function FollowUpsDue() {
  const translate = useTranslate();
  const { data, total, isPending } = useGetList<Lead>('sales-leads', {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'follow_up_at', order: 'ASC' },
    filter: { follow_up_due: true },
  });
  // A lead followed up (or given a date) anywhere moves the card at once.
  useLiveRefresh('sales-leads');
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="follow-ups-due">
      <CardHeader
        title={translate('membership.leads.follow_ups_due')}
        subheader={total !== undefined ? translate('membership.leads.due_count', { smart_count: total }) : undefined}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Loading />
        ) : !data?.length ? (
          <Typography color="text.secondary">{translate('membership.leads.nothing_due')}</Typography>
        ) : (
          <List dense disablePadding>
            {data.map((lead) => (
              <ListItem key={lead.id} disableGutters>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/sales-leads/${lead.id}`}>
                      {lead.name}
                    </Link>
                  }
                  secondary={[lead.follow_up_at && formatDate(lead.follow_up_at), lead.owner_name].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={filteredListPath('/sales-leads', { follow_up_due: true })}>
          {translate('membership.leads.all_due')}
        </Button>
      </CardActions>
    </Card>
  );
}
