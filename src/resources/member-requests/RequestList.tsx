import BlockIcon from '@mui/icons-material/Block';
import { Box } from '@mui/material';
import { useState } from 'react';
import { Button, EmailField, FunctionField, List, TextInput, required, useRecordContext, useRefresh } from 'react-admin';
import { BranchName } from '../members/MemberFields';
import { EmptyText } from '../shared/SectionCard';
import { FormDialog } from '../shared/FormDialog';
import { ApproveLeadButton } from '../sales-leads/ApproveLeadButton';
import { rejectLead } from '../sales-leads/leadCalls';
import { AgeField, LeadSourceField, LeadStatusChip, MemberTypeField, PhoneField } from '../sales-leads/LeadFields';
import { requestsFilter, type Lead } from '../sales-leads/leads';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';

function RejectButton() {
  const lead = useRecordContext<Lead>();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!lead) return null;
  return (
    <>
      <Button label="membership.requests.reject" onClick={() => setOpen(true)} color="error">
        <BlockIcon />
      </Button>
      {open && (
        <FormDialog
          open
          onClose={() => setOpen(false)}
          title="membership.requests.reject_title"
          resource="sales-leads"
          onSubmit={async (values) => {
            await rejectLead(lead.id, String(values.reason ?? ''));
            refresh();
          }}
          success="membership.requests.rejected"
        >
          <EmptyText message="membership.requests.reject_content" />
          <TextInput source="reason" validate={required()} multiline minRows={3} autoFocus />
        </FormDialog>
      )}
    </>
  );
}

/** The row's buttons; their dialogs render inside the row, so their clicks stay there. */
function RequestActions() {
  return (
    <Box onClick={(event) => event.stopPropagation()} sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <ApproveLeadButton />
      <RejectButton />
    </Box>
  );
}

/** On a phone: who asks, how long ago, and the buttons to approve or reject. */
const phoneRow: PhoneRow<Lead> = {
  primaryText: (lead) => lead.name,
  secondaryText: (lead) => <Facts parts={[lead.email, <MemberTypeField />, <BranchName />, <AgeField />]} />,
  actions: () => <RequestActions />,
};

export function RequestList() {
  return (
    <List
      resource="sales-leads"
      filter={requestsFilter}
      sort={{ field: 'created_at', order: 'ASC' }}
      perPage={25}
      disableSyncWithLocation
      storeKey="member-requests.open"
      actions={false}
      title={false}
      empty={<Box sx={{ p: 2 }}><EmptyText message="membership.requests.none" /></Box>}
    >
      <ResponsiveDatagrid phone={phoneRow} bulkActionButtons={false} rowClick={false}>
        <FunctionField
          source="name"
          render={(lead: Lead) => (
            <>
              <Box sx={{ fontWeight: 600 }}>{lead.name}</Box>
              {lead.contact_name && lead.contact_name !== lead.name && <Box sx={{ color: 'text.secondary' }}>{lead.contact_name}</Box>}
            </>
          )}
        />
        <EmailField source="email" />
        <FunctionField source="phone" sortable={false} render={() => <PhoneField />} />
        <FunctionField source="client_type" sortable={false} render={() => <MemberTypeField />} />
        <FunctionField source="branch_id" sortable={false} render={() => <BranchName />} />
        <FunctionField source="source" sortable={false} render={() => <LeadSourceField />} />
        <FunctionField source="created_at" label="membership.requests.age" render={() => <AgeField />} />
        <FunctionField source="status" render={() => <LeadStatusChip />} />
        <FunctionField label="" render={() => <RequestActions />} />
      </ResponsiveDatagrid>
    </List>
  );
}
