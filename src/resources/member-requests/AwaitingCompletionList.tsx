import SendIcon from '@mui/icons-material/Send';
import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { EmailField, FunctionField, List, TextField, useNotify, useRecordContext } from 'react-admin';
import { BranchName, ClientTypeField } from '../members/MemberFields';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { EmptyText } from '../shared/SectionCard';
import { sendMembershipReminder } from '../sales-leads/leadCalls';
import { ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

/** "Re-send the link": a new completion link by email; the one sent before stops working. */
function ResendLinkButton() {
  const client = useRecordContext<{ id: number; email: string }>();
  const notify = useNotify();
  if (!client) return null;
  const send = async () => {
    try {
      await sendMembershipReminder(client.id);
      notify('membership.requests.link_sent', { type: 'success', messageArgs: { email: client.email } });
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <Box onClick={(event) => event.stopPropagation()}>
      <ConfirmedButton
        label="membership.requests.resend"
        icon={<SendIcon />}
        title="membership.requests.resend_title"
        content="membership.requests.resend_content"
        onConfirm={send}
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
