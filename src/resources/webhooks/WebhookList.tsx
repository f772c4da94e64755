import { CreateButton, FunctionField, List, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { Chip, Stack } from '@mui/material';
import { DateField } from '../shared/DateField';
import { EmptyText } from '../shared/SectionCard';
import { PageHeading } from '../shared/PageHeading';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { eventLabel, type WebhookEndpoint } from './types';

function EventChips() {
  const translate = useTranslate();
  const endpoint = useRecordContext<WebhookEndpoint>();
  if (!endpoint) return null;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {endpoint.events.map((event) => (
        <Chip key={event} size="small" variant="outlined" label={translate(eventLabel(event), { _: event })} />
      ))}
    </Stack>
  );
}

function ActiveChip() {
  const translate = useTranslate();
  const endpoint = useRecordContext<WebhookEndpoint>();
  if (!endpoint) return null;
  return <Chip size="small" color={endpoint.active ? 'success' : 'default'} label={translate(endpoint.active ? 'webhooks.on' : 'webhooks.off')} />;
}

/** On a phone: the address, whether it is on, and how many events it takes. */
const phoneRow: PhoneRow<WebhookEndpoint> = {
  primaryText: (endpoint) => <bdi dir="ltr" style={{ overflowWrap: 'anywhere' }}>{endpoint.url}</bdi>,
  tertiaryText: () => <ActiveChip />,
  secondaryText: (endpoint) => <Facts parts={[endpoint.description, <EventChips key="events" />]} />,
};

const Actions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

/**
 * /webhooks: where the portal POSTs its events, each endpoint with the events it takes.
 * A row opens the endpoint: its form, test button, secret rotation and delivery log.
 */
export default function WebhookList() {
  const title = usePortalTitle('webhooks');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List title={title} actions={<Actions />} sort={{ field: 'id', order: 'ASC' }} exporter={false} empty={false}>
        <ResponsiveDatagrid phone={phoneRow} bulkActionButtons={false} rowClick="edit" empty={<EmptyText message="webhooks.empty" />}>
          <FunctionField source="url" render={(endpoint: WebhookEndpoint) => <bdi dir="ltr" style={{ overflowWrap: 'anywhere' }}>{endpoint.url}</bdi>} />
          <TextField source="description" sortable={false} />
          <FunctionField source="events" sortable={false} render={() => <EventChips />} />
          <FunctionField source="active" sortable={false} render={() => <ActiveChip />} />
          <DateField source="created_at" />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
