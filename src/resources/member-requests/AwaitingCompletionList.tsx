import SendIcon from '@mui/icons-material/Send';
import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { EmailField, FunctionField, List, TextField, useRecordContext } from 'react-admin';
import { BranchName, ClientTypeField } from '../members/MemberFields';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { EmptyText } from '../shared/SectionCard';
import { useApiAction } from '../shared/useApiAction';
import { sendMembershipReminder } from '../sales-leads/leadCalls';
import { ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

/** "Re-send the link": a new completion link by email; the one sent before stops working. */
function ResendLinkButton() {
  const client = useRecordContext<{ id: number; email: string }>();
  const send = useApiAction((to: { id: number; email: string }) => sendMembershipReminder(to.id), {
    success: (_, to) => ({ message: 'membership.requests.link_sent', args: { email: to.email } }),
  });
  if (!client) return null;
  return (
    <Box onClick={(event) => event.stopPropagation()}>
      <ConfirmedButton
        label="membership.requests.resend"
        icon={<SendIcon />}
        title="membership.requests.resend_title"
        content="membership.requests.resend_content"
        onConfirm={() => send.run(client)}
      />
    </Box>
  );
}

/** On a phone: the member (a link to its page), its email, and the button to send the link again. */
const phoneRow: PhoneRow = {
  primaryText: (client) => (
    <Link component={RouterLink} to={`/clients/view/${client.id}`}>
      {client.name}
    </Link>
  ),
  secondaryText: (client) => client.email,
  actions: () => <ResendLinkButton />,
};

/**
 * Approved members who have not completed yet (membership `approved`: the emailed link is
 * unused), with the link sent again on request.
 */
export function AwaitingCompletionList() {
  return (
    <List
      resource="members"
      filter={{ membership_status: 'approved' }}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      disableSyncWithLocation
      storeKey="member-requests.awaiting"
      actions={false}
      title={false}
      empty={<Box sx={{ p: 2 }}><EmptyText message="membership.requests.none_awaiting" /></Box>}
    >
      <ResponsiveDatagrid phone={phoneRow} bulkActionButtons={false} rowClick={(id) => `/clients/view/${id}`}>
        <TextField source="name" />
        <TextField source="contact_name" />
        <EmailField source="email" />
        <FunctionField source="type" render={() => <ClientTypeField />} />
        <FunctionField source="branch_id" sortable={false} render={() => <BranchName />} />
        <FunctionField label="" render={() => <ResendLinkButton />} />
      </ResponsiveDatagrid>
    </List>
  );
}
