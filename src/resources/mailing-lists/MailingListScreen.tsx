import { useEffect, useReducer } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { DeleteWithConfirmButton, EditBase, Loading, SaveButton, SimpleForm, TextInput, Title, Toolbar, maxLength, required, useGetOne, useTranslate } from 'react-admin';
import { LabelButton } from '../shared/LabelButton';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { SectionCard } from '../shared/SectionCard';
import { useNotFoundPage, usePathId } from '../shared/useRecordPage';
import { AddClients } from './AddClients';
import { mailingListFields } from './endpoints';
import { useFailureNotice } from '../shared/failureNotice';
import { MembersCard } from './MembersCard';
import { PastSends } from './PastSends';
import { noPendingClients, pendingClients } from './pendingClients';
import { SendPanel } from './SendPanel';
import type { MailingList } from './types';

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;


function ListDetails({ list }: { list: MailingList }) {
  const translate = useTranslate();
  const failed = useFailureNotice();
  // A list a running send is using cannot go (409): say so plainly.
  const toolbar = (
    // A toolbar inside a card: not pinned to the bottom of a phone's screen as a page's form would be.
    <Toolbar sx={{ justifyContent: 'space-between', '&.RaToolbar-mobileToolbar': { position: 'static' } }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationOptions={{ onError: (error: unknown) => failed(error, 'mailing.lists.in_use') }} />
    </Toolbar>
  );
  return (
    <SectionCard
      title="mailing.lists.details"
      subheader={`${translate('mailing.lists.member_count', { smart_count: list.client_count })} · ${translate('mailing.lists.unsubscribed_count', { smart_count: list.unsubscribed_count })}`}
    >
      <EditBase resource="mailing-lists" id={list.id} mutationMode="pessimistic" redirect={false} transform={mailingListFields}>
        {/* Inside a card already: no card content (and its room for a pinned phone toolbar) of its own. */}
        <SimpleForm component={Box} toolbar={toolbar}>
          <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
          <TextInput source="description" multiline fullWidth validate={maxLength(2000)} />
        </SimpleForm>
      </EditBase>
    </SectionCard>
  );
}

/**
 * `/mailing-lists/{mailinglistid}`: the list's details, its members (added one by one or by
 * segment, removed in bulk), sending a template to it with live progress, and its past sends.
 */
export default function MailingListScreen() {
  const translate = useTranslate();
  const title = usePortalTitle('mailing_list');
  const { id, valid } = usePathId('mailinglistid');
  const { data: list, error, refetch } = useGetOne<MailingList>(
    'mailing-lists',
    { id },
    // A list that is not there will not appear by asking again: go to /404 at once.
    { enabled: valid, retry: (failures, failure) => statusOf(failure) !== 404 && failures < 2 },
  );
  useNotFoundPage(!valid || statusOf(error) === 404);
  const [pending, dispatch] = useReducer(pendingClients, noPendingClients);
  // Selecting a list empties the pending client ids.
  useEffect(() => {
    if (valid) dispatch({ type: 'selectList', listId: id });
  }, [id, valid]);

  if (error && statusOf(error) !== 404) {
    return (
      <Alert severity="error" sx={{ my: 2 }} action={<LabelButton label="app.retry" onClick={() => refetch()} />}>
        {(error as Error).message || translate('ra.notification.http_error')}
      </Alert>
    );
  }
  if (!list || pending.listId !== list.id) return <Loading />;
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={`${title}: ${list.name}`} />
      <Typography variant="h5" component="h1">
        {list.name}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, gap: 2, alignItems: 'start' }}>
        <ListDetails list={list} />
        <SendPanel list={list} />
      </Box>
      <MembersCard listId={list.id}>
        <AddClients pending={pending} dispatch={dispatch} />
      </MembersCard>
      <PastSends filter={{ mailing_list_id: list.id }} show="template" />
    </Stack>
  );
}
